/// RFC 9457 problem documents for errors the HTTP layer itself decides
/// (framing, limits, routing, auth, overload).
public enum ProblemDetails {
    /// The media type of every problem document (RFC 9457).
    public static let contentType = "application/problem+json"

    /// An answer with `status`, typed by `ProblemType(status:)`.
    public static func response(status: Int, detail: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        response(ProblemType(status: status), detail: detail, headers: headers)
    }

    /// An answer of `type`'s status whose body is the problem document for `detail`.
    public static func response(_ type: ProblemType, detail: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var response = HTTPResponse(status: type.status, headers: headers, body: body(type, detail: detail))
        response.headers.set("content-type", contentType)
        return response
    }

    /// The JSON problem document (`type`, `title`, `status`, `detail`) as UTF-8 bytes.
    public static func body(_ type: ProblemType, detail: String) -> [UInt8] {
        var json = "{\"type\":"
        appendJSONString(type.uri, to: &json)
        json += ",\"title\":"
        appendJSONString(type.title, to: &json)
        json += ",\"status\":\(type.status),\"detail\":"
        appendJSONString(detail, to: &json)
        json += "}"
        return Array(json.utf8)
    }

    static func appendJSONString(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    json.unicodeScalars.append(scalar)
                }
            }
        }
        json += "\""
    }
}
