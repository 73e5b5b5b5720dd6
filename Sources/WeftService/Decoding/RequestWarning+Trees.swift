import WeftCells

/// The warnings the tree decoder gives, at the element's path.
extension RequestWarning {
    /// The contract: a `view` should carry `style.preferredSize`.
    static func viewWithoutSize(at path: RequestPath) -> RequestWarning {
        RequestWarning(
            path: path,
            detail: "a view should carry style.preferredSize; without a width and a height it measures as an empty box")
    }

    /// The requested family is not installed; fontconfig chose another, as the browser would.
    static func fontFallback(requested: String, used: String, at path: RequestPath) -> RequestWarning {
        RequestWarning(
            path: path.appending("font").appending("family"),
            detail: "font family \"\(requested)\" is not available; text is measured with \"\(used)\" (see GET /v1/fonts)",
            missingFamily: requested.lowercased())
    }
}
