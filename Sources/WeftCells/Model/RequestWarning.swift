/// Something the client should know that does not stop the layout: a
/// request's `warnings`, whether the tree decoder, the container's placement
/// or its hints found it.
public struct RequestWarning: Sendable, Hashable {
    /// The value it is about.
    public var path: RequestPath
    /// What is wrong, in words.
    public var detail: String
    /// For a missing font family, the family (lowercased): a request gets one
    /// warning per family, at the first text that asks for it, however many
    /// cells ask.
    public var missingFamily: String?

    /// A warning about the value at `path`.
    public init(path: RequestPath, detail: String, missingFamily: String? = nil) {
        self.path = path
        self.detail = detail
        self.missingFamily = missingFamily
    }

    /// The same warning for a tree that sits at `prefix` in the request.
    public func relocated(under prefix: RequestPath) -> RequestWarning {
        RequestWarning(path: prefix.appending(path), detail: detail, missingFamily: missingFamily)
    }
}
