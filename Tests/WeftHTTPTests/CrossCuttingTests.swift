import Testing
import WeftHTTP

@Suite struct CORSTests {
    @Test func preflightIsAnsweredForAllowedOrigins() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"] }) { server in
            let client = try RawClient(port: server.port)
            client.send("OPTIONS /v1/layout/node HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                        + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
            let preflight = try #require(client.readResponse())
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "https://app.example")
            #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
            #expect(preflight.headers["access-control-allow-headers"] == "content-type")

            client.send(post("/v1/layout/node", body: "{}", headers: ["Origin: https://app.example"]))
            let actual = try #require(client.readResponse())
            #expect(actual.headers["access-control-allow-origin"] == "https://app.example")
            #expect(actual.headers["access-control-expose-headers"]?.contains("x-request-id") == true)

            client.send(get("/healthz", headers: ["Origin: https://evil.example"]))
            #expect(client.readResponse()?.headers["access-control-allow-origin"] == nil)
        }
    }

    @Test func wildcardAllowsAnyOrigin() throws {
        try withServer({ $0.corsOrigins = ["*"] }) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz", headers: ["Origin: https://anywhere.example"]))
            #expect(client.readResponse()?.headers["access-control-allow-origin"] == "*")
        }
    }

    @Test func nothingWhenUnset() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("OPTIONS /healthz HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\nAccess-Control-Request-Method: GET\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.headers["access-control-allow-origin"] == nil)
            #expect(response.headers["allow"] == "GET, HEAD, OPTIONS")
        }
    }
}

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
            client.send(post("/v1/layout/node", body: "{}", headers: ["Authorization: Bearer s3cret"]))
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

@Suite struct RequestIDTests {
    @Test func givenIDIsEchoedAndMissingOneIsMade() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz", headers: ["X-Request-Id: trace-42"]))
            #expect(client.readResponse()?.headers["x-request-id"] == "trace-42")
            client.send(get("/healthz"))
            let first = try #require(client.readResponse()?.headers["x-request-id"])
            client.send(get("/healthz", headers: ["X-Request-Id: has spaces"]))
            let second = try #require(client.readResponse()?.headers["x-request-id"])
            #expect(!first.isEmpty && first != second && second != "has spaces")
        }
    }
}
