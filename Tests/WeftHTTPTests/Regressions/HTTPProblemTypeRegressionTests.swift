import Testing
import WeftHTTP
import WeftService

/// Errors the HTTP layer decides carry the project's problem types, and odd
/// request methods cost neither memory nor metric series.
@Suite struct HTTPProblemTypeRegressionTests {
    private func problemType(_ response: WireResponse?) -> String? {
        guard let response, let range = response.text.firstRange(of: #""type":""#) else { return nil }
        let rest = response.text[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test func httpLevelErrorsCarryProjectProblemTypes() throws {
        try withServer { server in
            let cases: [(request: String, status: Int, type: String)] = [
                (get("/missing"), 404, "not-found"),
                (get("/v1/layout"), 405, "method-not-allowed"),
                (post("/v1/layout/node", body: "a=b", headers: ["Content-Type: text/plain"]), 415, "unsupported-media-type"),
                (post("/v1/layout/node", body: "not gzip", headers: ["Content-Encoding: gzip"]), 400, "malformed-request"),
                ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, "malformed-request"),
                ("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n", 501, "not-implemented"),
            ]
            for item in cases {
                let client = try RawClient(port: server.port)
                client.send(item.request)
                let response = client.readResponse()
                #expect(response?.status == item.status, "\(item.request)")
                #expect(response?.headers["content-type"] == "application/problem+json")
                #expect(problemType(response) == "https://weft.dev/problems/" + item.type, "\(item.request)")
            }
        }
    }

    @Test func unknownAndOverlongMethodsAre501AndShareOneMetricsLabel() throws {
        let metrics = ServiceMetrics()
        try withServer(router: testRouter(metrics: metrics), observer: metrics) { server in
            for method in ["FOO", "BAR", String(repeating: "X", count: 8000)] {
                let client = try RawClient(port: server.port)
                client.send("\(method) /missing HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(client.readResponse()?.status == 501)
            }
            let client = try RawClient(port: server.port)
            client.send("PUT /missing HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            #expect(client.readResponse()?.status == 404)
            client.send(get("/metrics"))
            let text = try #require(client.readResponse()).text
            #expect(!text.contains("FOO") && !text.contains("BAR") && !text.contains("XXXX"))
            #expect(text.contains(#"method="other""#))
            #expect(text.contains(#"weft_http_requests_total{route="unmatched",method="PUT",status="404"} 1"#))
        }
    }
}
