/// A non-fatal remark about a request: `{"path", "detail"}` in `warnings`.
public struct ResponseWarning: Sendable, Hashable {
    /// The value the warning is about.
    public var path: JSONPointer
    /// What is wrong, in words.
    public var detail: String
    /// For a missing font family, the family (lowercased): a request gets one
    /// warning per family, at the first text that asks for it, however many
    /// cells ask.
    public var missingFamily: String?

    /// A warning about the value at `path`.
    public init(path: JSONPointer, detail: String, missingFamily: String? = nil) {
        self.path = path
        self.detail = detail
        self.missingFamily = missingFamily
    }

    /// The same warning for a tree that sits at `prefix` in the request.
    public func relocated(under prefix: JSONPointer) -> ResponseWarning {
        ResponseWarning(path: JSONPointer(prefix.components + path.components), detail: detail, missingFamily: missingFamily)
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
            detail: "font family \"\(requested)\" is not available; text is measured with \"\(used)\" (see GET /v1/fonts)",
            missingFamily: requested.lowercased())
    }
}
