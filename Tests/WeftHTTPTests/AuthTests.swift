import Testing
import WeftHTTP

@Suite struct AuthTests {
    @Test func bearerTokenGuardsEveryRouteButHealth() throws {
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
            client.send(get("/healthz"))
            #expect(client.readResponse()?.status == 200)
            client.send(get("/readyz"))
            #expect(client.readResponse()?.status == 200)
        }
    }
}
