/// A non-fatal remark about a request: `{"path", "detail"}` in `warnings`.
public struct ResponseWarning: Sendable, Hashable {
    public var path: JSONPointer
    public var detail: String

    public init(path: JSONPointer, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// api.md: a `view` should carry `style.preferredSize`.
    public static func viewWithoutSize(at path: JSONPointer) -> ResponseWarning {
        ResponseWarning(
            path: path,
            detail: "a view should carry style.preferredSize; without a width and a height it measures as an empty box")
    }
}
