/// How the body of a request is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked

    /// Decides framing from the headers, refusing every combination that two
    /// parsers could disagree on.
    static func of(_ head: RequestHead) throws(HTTPParseError) -> BodyFraming {
        let lengths = head.headers.values("content-length")
        if head.headers["transfer-encoding"] != nil {
            let transferCodings = head.headers.listElements("transfer-encoding").map { $0.lowercased() }
            guard lengths.isEmpty else {
                throw .badRequest("both Transfer-Encoding and Content-Length are present")
            }
            guard head.version == .http11 else {
                throw .badRequest("Transfer-Encoding in an HTTP/1.0 request")
            }
            guard transferCodings.last == "chunked" else {
                throw .badRequest("Transfer-Encoding must end with chunked")
            }
            guard transferCodings.count == 1 else {
                throw HTTPParseError(status: 501, detail: "only the chunked transfer coding is supported")
            }
            return .chunked
        }
        if lengths.isEmpty { return .none }
        var agreed: Int?
        for element in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = trimmedWhitespace(element)
            guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy(RequestHeadParser.isDigit),
                  let length = Int(digits) else {
                throw .badRequest("malformed Content-Length")
            }
            if let agreed, agreed != length { throw .badRequest("conflicting Content-Length values") }
            agreed = length
        }
        return agreed.map { $0 == 0 ? .none : .length($0) } ?? .none
    }
}
