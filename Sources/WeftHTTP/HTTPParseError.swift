/// A request the server refuses before any handler sees it. `status` is the
/// answer (400, 413, 431, 501, 505); the connection always closes afterwards
/// because the framing of whatever follows can no longer be trusted.
struct HTTPParseError: Error, Equatable {
    var status: Int
    var detail: String

    static func badRequest(_ detail: String) -> HTTPParseError {
        HTTPParseError(status: 400, detail: detail)
    }
}
