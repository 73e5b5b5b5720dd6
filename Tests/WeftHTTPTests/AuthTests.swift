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
            client.send(get("/metrics"))
            #expect(client.readResponse()?.status == 401)
            client.send(get("/healthz"))
            #expect(client.readResponse()?.status == 200)
            client.send(get("/readyz"))
            #expect(client.readResponse()?.status == 200)
        }
    }
}
