import Testing
import WeftHTTP

@Suite struct AuthTests {
    @Test func bearerTokenGuardsTheAPIButNotProbesOrWhatAPageLoads() throws {
        try withServer({ $0.authToken = "s3cret" }) { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: "{}"))
            let refused = try #require(client.readResponse())
            #expect(refused.status == 401)
            #expect(refused.headers["www-authenticate"] == "Bearer")
            #expect(refused.headers["content-type"] == "application/problem+json")

            client.send(post("/v1/layout/node", body: "{}", headers: ["Authorization: Bearer s3cre"]))
            #expect(client.readResponse()?.status == 401)
            client.send(post("/v1/layout/node", body: #"{"root":{"type":"box"}}"#, headers: ["Authorization: Bearer s3cret"]))
            #expect(client.readResponse()?.status == 200)
            // Two credentials, the right one in either place, are none.
            for pair in [["Authorization: Bearer s3cret", "Authorization: Bearer wrong"],
                         ["Authorization: Bearer wrong", "Authorization: Bearer s3cret"]] {
                client.send(post("/v1/layout/node", body: #"{"root":{"type":"box"}}"#, headers: pair))
                #expect(client.readResponse()?.status == 401)
            }
            // The scheme's name in any case, one or more spaces before the token (RFC 9110 §11.1).
            for authorization in ["bearer s3cret", "BEARER  s3cret"] {
                client.send(post("/v1/layout/node", body: #"{"root":{"type":"box"}}"#, headers: ["Authorization: \(authorization)"]))
                #expect(client.readResponse()?.status == 200, "\(authorization)")
            }
            for authorization in ["Bearers3cret", "Basic s3cret", "Bearer", "Bearer s3cret x"] {
                client.send(post("/v1/layout/node", body: "{}", headers: ["Authorization: \(authorization)"]))
                #expect(client.readResponse()?.status == 401, "\(authorization)")
            }
            client.send(get("/metrics"))
            #expect(client.readResponse()?.status == 401)
            // Probes, and what a browser loads without headers of its own.
            for path in ["/healthz", "/readyz", "/", "/weft-client.js", "/weft-client.d.ts", "/openapi.yaml", "/v1/fonts"] {
                client.send(get(path))
                #expect(client.readResponse()?.status == 200, "\(path)")
            }
            client.send(post("/v1/layout", body: "{}"))
            #expect(client.readResponse()?.status == 401)
            // A font file, as a page's @font-face loads it.
            client.send(get("/v1/fonts"))
            let listing = String(decoding: try #require(client.readResponse()).body, as: UTF8.self)
            let file = try #require(listing.firstRange(of: "/v1/fonts/files/").map { start in
                String(listing[start.lowerBound...].prefix { $0 != "\"" })
            })
            client.send(get(file))
            #expect(client.readResponse()?.status == 200, "\(file)")
        }
    }
}
