/// The RFC 9457 problem types Weft answers with. Each is a URI under
/// https://weft.dev/problems/ with a fixed title and status; `openapi.yaml`
/// lists the same set.
public enum ProblemType: String, Sendable, CaseIterable {
    /// 400: the body is not JSON (RFC 8259); the problem carries line and column.
    case malformedJSON = "malformed-json"
    /// 400: JSON nested deeper than the reader's limit (512 levels).
    case nestingTooDeep = "nesting-too-deep"
    /// 422: a value of the wrong JSON type.
    case invalidType = "invalid-type"
    /// 422: a value of the right type outside what the contract allows.
    case invalidValue = "invalid-value"
    /// 422: an enum token that is not one of the accepted ones.
    case unknownToken = "unknown-token"
    /// 422: an object key the contract does not define (and not `x-`).
    case unknownKey = "unknown-key"
    /// 422: a required field is absent.
    case missingField = "missing-field"
    /// 422: an element `type` that does not exist.
    case unknownElementType = "unknown-element-type"
    /// 422: an element id used twice in one tree.
    case duplicateID = "duplicate-id"
    /// 422: a documented request limit (elements, element depth) is exceeded.
    case limitExceeded = "limit-exceeded"
    /// 409: cells sent as refs that the server's cell store does not know;
    /// the problem's `refs` points to each, to be sent again with content.
    case unknownRef = "unknown-ref"
    /// 400: the HTTP message itself is malformed (request line, framing, a
    /// compressed body that does not decompress).
    case malformedRequest = "malformed-request"
    /// 401 (the response carries `WWW-Authenticate`)
    case unauthorized = "unauthorized"
    /// 404
    case notFound = "not-found"
    /// 405 (the response carries `Allow`)
    case methodNotAllowed = "method-not-allowed"
    /// 408
    case requestTimeout = "request-timeout"
    /// 413
    case payloadTooLarge = "payload-too-large"
    /// 414: a request line longer than the header limit.
    case uriTooLong = "uri-too-long"
    /// 415
    case unsupportedMediaType = "unsupported-media-type"
    /// 417: an `Expect` other than `100-continue`.
    case expectationFailed = "expectation-failed"
    /// 431
    case headersTooLarge = "headers-too-large"
    /// 503 (the response carries `Retry-After`)
    case unavailable = "unavailable"
    /// 503 (with `Retry-After`): the request needed more time than the server grants one request.
    case timeBudgetExceeded = "time-budget-exceeded"
    /// 501: a request method the server does not implement.
    case notImplemented = "not-implemented"
    /// 505
    case versionNotSupported = "version-not-supported"
    /// 500
    case internalError = "internal-error"

    /// Where every problem type's URI starts; the case's raw value follows it.
    public static let baseURI = "https://weft.dev/problems/"

    /// The problem document's `type`: a stable URI that clients can branch on.
    public var uri: String { Self.baseURI + rawValue }

    /// The HTTP status code every problem of this type is answered with.
    public var status: Int {
        switch self {
        case .malformedJSON, .nestingTooDeep: return 400
        case .invalidType, .invalidValue, .unknownToken, .unknownKey, .missingField, .unknownElementType,
            .duplicateID, .limitExceeded:
            return 422
        case .malformedRequest: return 400
        case .unknownRef: return 409
        case .unauthorized: return 401
        case .notFound: return 404
        case .methodNotAllowed: return 405
        case .requestTimeout: return 408
        case .payloadTooLarge: return 413
        case .uriTooLong: return 414
        case .unsupportedMediaType: return 415
        case .expectationFailed: return 417
        case .headersTooLarge: return 431
        case .unavailable, .timeBudgetExceeded: return 503
        case .notImplemented: return 501
        case .versionNotSupported: return 505
        case .internalError: return 500
        }
    }

    /// The type of an error the HTTP layer decides from its status alone.
    public init(status: Int) {
        switch status {
        case 400: self = .malformedRequest
        case 401: self = .unauthorized
        case 404: self = .notFound
        case 405: self = .methodNotAllowed
        case 408: self = .requestTimeout
        case 413: self = .payloadTooLarge
        case 414: self = .uriTooLong
        case 415: self = .unsupportedMediaType
        case 417: self = .expectationFailed
        case 431: self = .headersTooLarge
        case 501: self = .notImplemented
        case 503: self = .unavailable
        case 505: self = .versionNotSupported
        default: self = .internalError
        }
    }

    /// The problem document's `title`: a short summary, the same for every problem of this type.
    public var title: String {
        switch self {
        case .malformedJSON: return "Malformed JSON"
        case .nestingTooDeep: return "JSON nested too deeply"
        case .invalidType: return "Value of the wrong type"
        case .invalidValue: return "Invalid value"
        case .unknownToken: return "Unknown token"
        case .unknownKey: return "Unknown key"
        case .missingField: return "Missing field"
        case .unknownElementType: return "Unknown element type"
        case .duplicateID: return "Duplicate id"
        case .limitExceeded: return "Request limit exceeded"
        case .unknownRef: return "Unknown ref"
        case .malformedRequest: return "Malformed request"
        case .unauthorized: return "Unauthorized"
        case .notFound: return "Not found"
        case .methodNotAllowed: return "Method not allowed"
        case .requestTimeout: return "Request timeout"
        case .payloadTooLarge: return "Payload too large"
        case .uriTooLong: return "URI too long"
        case .unsupportedMediaType: return "Unsupported media type"
        case .expectationFailed: return "Expectation failed"
        case .headersTooLarge: return "Request headers too large"
        case .unavailable: return "Service unavailable"
        case .timeBudgetExceeded: return "Time budget exceeded"
        case .notImplemented: return "Not implemented"
        case .versionNotSupported: return "HTTP version not supported"
        case .internalError: return "Internal error"
        }
    }
}
