/// RFC 9457 problem documents for errors the HTTP layer itself decides
/// (framing, limits, routing, auth, overload).
public enum ProblemDetails {
    public static let contentType = "application/problem+json"

    public static func response(status: Int, detail: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers, body: body(status: status, detail: detail))
        response.headers.set("content-type", contentType)
        return response
    }

    public static func body(status: Int, detail: String) -> [UInt8] {
        let title = StatusReason.phrase(status)
        var json = "{\"type\":\"about:blank\",\"title\":"
        appendJSONString(title, to: &json)
        json += ",\"status\":\(status),\"detail\":"
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
