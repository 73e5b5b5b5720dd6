import WeftHTTP
import WeftJSON
import WeftText

/// `GET /v1/fonts` (every family with its faces, each face with the URL of its
/// file, and what the CSS generic families resolve to) and
/// `GET /v1/fonts/files/{id}` (one of those files, cacheable forever).
public enum FontsEndpoint {
    /// The `GET /v1/fonts` answer: the JSON listing, built once per process.
    public static func respond() -> ServiceResponse {
        ServiceResponse(status: 200, contentType: LayoutNodeEndpoint.jsonContentType, body: listing)
    }

    /// Built once: the fonts are fixed for the life of the process.
    private static let listing: [UInt8] = {
        let files = FontFiles.shared
        var w = JSONWriter()
        w.beginObject()
        w.key("families")
        w.beginArray()
        var index = 0
        let faces = files.faces
        while index < faces.count {
            let family = faces[index].family
            w.beginObject()
            w.key("family")
            w.string(family)
            w.key("faces")
            w.beginArray()
            while index < faces.count, faces[index].family == family {
                let face = faces[index]
                index += 1
                guard let file = files.file(forPath: face.filePath) else { continue }
                w.beginObject()
                w.key("weight")
                w.integer(face.weight)
                w.key("style")
                w.string(face.italic ? "italic" : "normal")
                w.key("stretch")
                w.number(face.stretch)
                w.key("postScriptName")
                w.string(face.postScriptName)
                w.key("url")
                w.string(file.url)
                w.key("index")
                w.integer(face.index)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("generic")
        w.beginObject()
        for (generic, family) in FontCatalog.genericFamilies() {
            w.dynamicKey(generic)
            w.string(family)
        }
        w.endObject()
        w.endObject()
        return w.bytes
    }()

    /// Registers one route per font file: only files fontconfig reported can be fetched.
    static func addFileRoutes(to router: inout Router) {
        for file in FontFiles.shared.files {
            // A page's @font-face loads them without headers of its own.
            router.add("GET", file.url, label: FontFiles.urlPrefix + "{id}", needsToken: false) { request in
                serve(file, request)
            }
        }
    }

    static func serve(_ file: FontFiles.File, _ request: HTTPRequest) -> HTTPResponse {
        let etag = "\"\(file.id)\""
        var headers = HTTPHeaders()
        headers.set("cache-control", "public, max-age=31536000, immutable")
        headers.set("etag", etag)
        if request.headers.listElements("if-none-match").contains(where: { $0 == etag || $0 == "*" || $0 == "W/" + etag }) {
            return HTTPResponse(status: 304, headers: headers)
        }
        guard let bytes = FontFiles.contents(of: file) else {
            return ProblemDetails.response(status: 404, detail: "the font file is no longer readable")
        }
        headers.set("content-type", file.contentType)
        return HTTPResponse(status: 200, headers: headers, body: bytes)
    }
}
