import Foundation
import Testing
import WeftHTTP
import WeftService

@Suite struct FontFileRouteTests {
    /// The face list names each file by a URL the server answers with the file's
    /// bytes, cacheable forever, revalidated by its ETag; no other path reaches a file.
    @Test func servesListedFilesOnly() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/v1/fonts"))
            let listing = try #require(client.readResponse())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(listing.body)) as? [String: Any])
            let families = try #require(json["families"] as? [[String: Any]])
            let ahem = try #require(families.first { $0["family"] as? String == "Ahem" })
            let face = try #require((ahem["faces"] as? [[String: Any]])?.first)
            #expect(face["weight"] as? Int == 400)
            #expect(face["style"] as? String == "normal")
            let url = try #require(face["url"] as? String)
            #expect(url.hasPrefix("/v1/fonts/files/"))
            #expect((json["generic"] as? [String: String])?["sans-serif"] == "Liberation Sans")

            client.send(get(url))
            let file = try #require(client.readResponse())
            #expect(file.status == 200)
            #expect(file.headers["content-type"] == "font/ttf")
            #expect(file.headers["cache-control"] == "public, max-age=31536000, immutable")
            #expect(Array(file.body.prefix(4)) == [0, 1, 0, 0])  // a TrueType file
            let etag = try #require(file.headers["etag"])

            client.send(get(url, headers: ["If-None-Match: \(etag)"]))
            let revalidated = try #require(client.readResponse())
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)

            for probe in ["/v1/fonts/files/../../../etc/passwd", "/v1/fonts/files/%2Fetc%2Fpasswd", "/v1/fonts/files/"] {
                client.send(get(probe))
                #expect(client.readResponse()?.status == 404, "\(probe)")
            }
        }
    }
}
