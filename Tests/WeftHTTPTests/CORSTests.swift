import Testing
import WeftHTTP

@Suite struct CORSTests {
    @Test func anOriginNoBrowserSendsIsNamedWithTheOneMeant() {
        for origin in ["*", "null", "https://app.example", "http://localhost:5173", "http://[::1]:8080"] {
            #expect(CORSPolicy.mismatch(origin) == nil, "\(origin)")
        }
        #expect(CORSPolicy.mismatch("https://app.example/")?.hasSuffix(": https://app.example") == true)
        #expect(CORSPolicy.mismatch("HTTPS://App.Example:8443")?.hasSuffix(": https://app.example:8443") == true)
        #expect(CORSPolicy.mismatch("https://app.example:443")?.hasSuffix(": https://app.example") == true)
        #expect(CORSPolicy.mismatch("http://localhost:80/")?.hasSuffix(": http://localhost") == true)
        #expect(CORSPolicy.mismatch("http://app.example:443") == nil)
        #expect(CORSPolicy.mismatch("http://a.example,https://b.example")?.contains("one origin each") == true)
        for origin in ["", "app.example", "://app.example", "https://", "https:///path"] {
            #expect(CORSPolicy.mismatch(origin) != nil, "\(origin)")
        }
    }

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

            // A preflight to a path with no route gets the 404 the request
            // would, readable by the page, not methods the path lacks.
            client.send("OPTIONS /nope HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                        + "Access-Control-Request-Method: POST\r\n\r\n")
            let unknown = try #require(client.readResponse())
            #expect(unknown.status == 404)
            #expect(unknown.headers["access-control-allow-methods"] == nil)
            #expect(unknown.headers.values("access-control-allow-origin") == ["https://app.example"])

            // Two origins are none (a request has one), whichever comes first.
            client.send(get("/healthz", headers: ["Origin: https://app.example", "Origin: https://evil.example"]))
            #expect(client.readResponse()?.headers["access-control-allow-origin"] == nil)
            // A list header's lines are one list.
            client.send("OPTIONS /v1/layout HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                        + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n"
                        + "Access-Control-Request-Headers: authorization\r\n\r\n")
            #expect(client.readResponse()?.headers["access-control-allow-headers"] == "content-type, authorization")
        }
    }

    /// An error the HTTP layer finds once a request's head is read (a body over
    /// the limit, an expectation it cannot meet) carries the CORS headers too:
    /// without them a browser shows a network error instead of the problem.
    @Test func refusalsAfterTheHeadCarryCORSHeaders() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"]; $0.maxBodyBytes = 1000 }) { server in
            for head in [
                "POST /v1/layout/node HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\nContent-Length: 5000\r\n\r\n",
                "POST /v1/layout/node HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\nExpect: magic\r\n\r\n",
            ] {
                let client = try RawClient(port: server.port)
                client.send(head)
                let refused = try #require(client.readResponse())
                #expect(refused.status == 413 || refused.status == 417)
                #expect(refused.headers.values("access-control-allow-origin") == ["https://app.example"])
                #expect(refused.headers["content-type"] == "application/problem+json")
            }
        }
    }

    /// A head too large to read whole (431) still names its origin in a line
    /// that ended before the limit: the refusal carries CORS headers, so a page
    /// can read it; an origin the policy does not allow gets none.
    @Test func aHeadTooLargeCarriesCORSHeadersForItsOrigin() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"]; $0.maxHeaderBytes = 2048 }) { server in
            for (origin, allowed) in [("https://app.example", true), ("https://other.example", false)] {
                let client = try RawClient(port: server.port)
                client.send("POST /v1/layout/node HTTP/1.1\r\nHost: t\r\norigin:  \(origin) \r\n"
                            + "X-Pad: \(String(repeating: "a", count: 3000))\r\n\r\n")
                let refused = try #require(client.readResponse())
                #expect(refused.status == 431)
                #expect(refused.headers.values("access-control-allow-origin") == (allowed ? [origin] : []))
                #expect(refused.headers["content-type"] == "application/problem+json")
            }
        }
    }

    /// A head the parser refuses for its form (an unknown method or version,
    /// a control character in a field) carries the CORS headers of its origin too.
    @Test func aMalformedHeadCarriesCORSHeadersForItsOrigin() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"] }) { server in
            for (head, status) in [
                ("FOO /healthz HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n\r\n", 501),
                ("GET /healthz HTTP/3.0\r\nHost: t\r\nOrigin: https://app.example\r\n\r\n", 505),
                ("GET /healthz HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\nX: a\u{01}\r\n\r\n", 400),
            ] {
                let client = try RawClient(port: server.port)
                client.send(head)
                let refused = try #require(client.readResponse())
                #expect(refused.status == status)
                #expect(refused.headers.values("access-control-allow-origin") == ["https://app.example"], "\(status)")
            }
        }
    }

    /// Chromium refuses an answer whose Access-Control-Allow-Origin has two values,
    /// so each CORS header, and `Vary`, stands once on the preflight and on the answer.
    @Test func everyCORSHeaderStandsOnce() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"] }) { server in
            let client = try RawClient(port: server.port)
            client.send("OPTIONS /v1/layout/node HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                        + "Access-Control-Request-Method: POST\r\n\r\n")
            let preflight = try #require(client.readResponse())
            #expect(preflight.headers.values("access-control-allow-origin") == ["https://app.example"])
            #expect(preflight.headers.values("vary") == ["origin"])
            let allowed = preflight.headers["access-control-allow-headers"] ?? ""
            for header in ["content-type", "authorization", "if-none-match", "content-encoding"] {
                #expect(allowed.contains(header), "\(header) is not allowed")
            }

            client.send(get("/big", headers: ["Origin: https://app.example", "Accept-Encoding: gzip"]))
            let answer = try #require(client.readResponse())
            #expect(answer.headers.values("access-control-allow-origin") == ["https://app.example"])
            #expect(answer.headers.values("vary").count == 1)
            #expect(answer.headers.listElements("vary").sorted() == ["accept-encoding", "origin"])
            let exposed = answer.headers.listElements("access-control-expose-headers")
            #expect(exposed.contains("etag") && exposed.contains("x-request-id"))
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
