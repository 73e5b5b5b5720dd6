/// `Authorization: Bearer <token>` checking (RFC 6750).
struct BearerAuthentication: Sendable {
    private let expected: [UInt8]

    init(token: String) {
        expected = Array(token.utf8)
    }

    /// The scheme's name in any case (RFC 9110 §11.1), one or more spaces,
    /// then the token.
    func isAuthorized(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let bytes = Array(authorization.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count, bytes[scheme.count] == UInt8(ascii: " "),
            bytes[..<scheme.count].map({ $0 | 0x20 }) == scheme
        else { return false }
        let credentials = bytes[scheme.count...].drop { $0 == UInt8(ascii: " ") }
        return Self.constantTimeEquals(Array(credentials), expected)
    }

    /// Compares every byte whatever the first mismatch, so response timing does
    /// not reveal how much of a guessed token was right.
    static func constantTimeEquals(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: given.count ^ expected.count)
        for index in 0..<expected.count {
            let byte = index < given.count ? given[index] : 0
            difference |= UInt(byte ^ expected[index])
        }
        return difference == 0
    }

    static func unauthorized() -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("www-authenticate", "Bearer")
        return ProblemDetails.response(status: 401, detail: "this route needs a valid bearer token", headers: headers)
    }
}
