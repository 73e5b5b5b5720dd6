import WeftText

/// `GET /v1/fonts`: the families a client may ask for.
public enum FontsEndpoint {
    public static func respond() -> ServiceResponse {
        var w = JSONWriter()
        w.beginObject()
        w.key("families")
        w.beginArray()
        for family in FontCatalog.families() { w.string(family) }
        w.endArray()
        w.endObject()
        return ServiceResponse(status: 200, contentType: LayoutNodeEndpoint.jsonContentType, body: w.bytes)
    }
}
