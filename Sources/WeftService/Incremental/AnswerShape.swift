/// What a container answer carries (the request's top-level `answer`): a
/// scrolling client that already holds its cells' layouts asks for less.
package enum AnswerShape: String, Sendable, CaseIterable {
    /// Every cell with its frame, `layout` and `key`.
    case full
    /// Every cell with its frame and `key`; `layout` only for cells sent with
    /// their content (a client keeps the layouts of the cells it sent as refs).
    case frames
    /// No cells: the content size, hints, warnings and stats.
    case hints

    /// Whether the answer writes this cell's `layout`.
    func writesLayout(sentAsRef: Bool) -> Bool {
        switch self {
        case .full: true
        case .frames: !sentAsRef
        case .hints: false
        }
    }
}
