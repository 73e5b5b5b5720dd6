/// `Authorization: Bearer <token>` checking (RFC 6750).
struct BearerAuthentication: Sendable {
    private let expected: [UInt8]

    init(token: String) {
        expected = Array("Bearer \(token)".utf8)
    }

    func isAuthorized(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        return Self.constantTimeEquals(Array(authorization.utf8), expected)
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
