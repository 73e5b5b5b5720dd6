/// A non-fatal remark about a request: `{"path", "detail"}` in `warnings`.
public struct ResponseWarning: Sendable, Hashable {
    /// The value the warning is about.
    public var path: JSONPointer
    /// What is wrong, in words.
    public var detail: String

    /// A warning about the value at `path`.
    public init(path: JSONPointer, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// The contract: a `view` should carry `style.preferredSize`.
    public static func viewWithoutSize(at path: JSONPointer) -> ResponseWarning {
        ResponseWarning(
            path: path,
            detail: "a view should carry style.preferredSize; without a width and a height it measures as an empty box")
    }

    /// The requested family is not installed; fontconfig chose another, as the browser would.
    public static func fontFallback(requested: String, used: String, at path: JSONPointer) -> ResponseWarning {
        ResponseWarning(
            path: path.appending(.key("font")).appending(.key("family")),
            detail: "font family \"\(requested)\" is not available; text is measured with \"\(used)\" (see GET /v1/fonts)")
    }
}
