import WeftLayout

// Placeholders so the HTTP server can be wired and tested before the real
// endpoints land; the lead deletes this file when merging them.

public enum ContainerEndpoint {
    public static func respond(body: [UInt8], textMeasurer: (any TextMeasuring)?) -> ServiceResponse {
        ServiceResponse(status: 200, contentType: "application/json", body: Array(#"{"contentSize":{"width":0,"height":0}}"#.utf8))
    }
}
