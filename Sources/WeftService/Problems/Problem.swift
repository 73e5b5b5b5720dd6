import WeftCells
import WeftJSON

/// An RFC 9457 problem details object, and its `application/problem+json` response.
public struct Problem: Sendable {
    /// The problem type: its URI, title and default status.
    public var type: ProblemType
    /// What is wrong with this request, in words.
    public var detail: String
    /// A JSON Pointer to the offending value, when there is one.
    public var path: RequestPath?
    /// Where a syntax error is (400 only), reported as `line` and `column`.
    package var location: SourceLocation?
    /// Overrides the type's own status (rarely needed).
    public var status: Int
    /// For `unknown-ref`: a JSON Pointer to every cell whose ref is unknown.
    public var refs: [RequestPath]?
    /// The query parameter at fault, which a JSON Pointer into the body cannot name.
    public var parameter: String?

    /// RFC 9457's media type.
    public static let contentType = "application/problem+json"

    /// A problem of `type`, at `path` or `location` when known.
    package init(_ type: ProblemType, detail: String, path: RequestPath? = nil, location: SourceLocation? = nil) {
        self.type = type
        self.detail = detail
        self.path = path
        self.location = location
        self.status = type.status
    }

    /// The problem a decoding error reports: a path for a contract violation, a location for a syntax error.
    package init(_ error: RequestError) {
        self.init(
            error.problem, detail: error.detail, path: error.location == nil ? error.path : nil,
            location: error.location)
    }

    /// `{"type","title","status","detail","path"}`, plus `line` and `column`
    /// for a syntax error (where a pointer cannot point), and `parameter`
    /// for a query parameter.
    public func body() -> [UInt8] {
        var out = JSONWriter(capacity: 256 + detail.utf8.count + 32 * (refs?.count ?? 0))
        out.beginObject()
        out.key("type")
        out.string(type.uri)
        out.key("title")
        out.string(type.title)
        out.key("status")
        out.integer(status)
        out.key("detail")
        out.string(detail)
        if let path {
            out.key("path")
            out.string(path.description)
        }
        if let parameter {
            out.key("parameter")
            out.string(parameter)
        }
        if let refs {
            out.key("refs")
            out.beginArray()
            for ref in refs { out.string(ref.description) }
            out.endArray()
        }
        if let location {
            out.key("line")
            out.integer(location.line)
            out.key("column")
            out.integer(location.column)
        }
        out.endObject()
        return out.bytes
    }

    /// The problem as an answer with its status.
    public func response(headers: [(name: String, value: String)] = []) -> ServiceResponse {
        ServiceResponse(status: status, contentType: Self.contentType, headers: headers, body: body())
    }
}
