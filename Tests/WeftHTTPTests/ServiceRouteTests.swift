import Testing
import WeftHTTP
import WeftService
import WeftStore

@Suite struct ServiceRouteTests {
    @Test func layoutRoutesAnswerJSONAndRefuseOtherMediaTypes() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node?flatten=1", body: #"{"root":{"type":"box"}}"#, headers: ["Content-Type: application/json"]))
            let node = try #require(client.readResponse())
            #expect(node.status == 200)
            #expect(node.headers["content-type"] == "application/json")
            // A container request needs its container: a contract violation, answered as problem+json.
            client.send(post("/v1/layout", body: "{}", headers: ["Content-Type: application/json; charset=utf-8"]))
            #expect(client.readResponse()?.status == 422)
            client.send(post("/v1/layout/node", body: "a=b", headers: ["Content-Type: application/x-www-form-urlencoded"]))
            let refused = try #require(client.readResponse())
            #expect(refused.status == 415)
            #expect(refused.headers["content-type"] == "application/problem+json")
        }
    }

    /// A body that is not JSON is refused from the head: a client waiting
    /// for `100 Continue` gets the 415 instead, and never sends the body.
    @Test func aMediaTypeOtherThanJSONIsRefusedBeforeTheBody() throws {
        try withServer { server in
            for path in ["/v1/layout", "/v1/layout/node"] {
                let client = try RawClient(port: server.port)
                client.send("POST \(path) HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\nContent-Length: 5000\r\n"
                            + "Expect: 100-continue\r\n\r\n")
                let refused = try #require(client.readResponse())
                #expect(refused.status == 415)
                #expect(refused.text.contains("text/plain"))
            }
            // JSON is UTF-8: another charset is refused, UTF-8 named in any spelling is not.
            let client = try RawClient(port: server.port)
            for (charset, status) in [("utf-16", 415), ("\"latin1\"", 415), ("UTF-8", 200), ("\"utf-8\"", 200)] {
                client.send(post("/v1/layout/node", body: #"{"root":{"type":"box"}}"#,
                                 headers: ["Content-Type: application/json; charset=\(charset)"]))
                #expect(client.readResponse()?.status == status, "\(charset)")
            }
        }
    }

    @Test func documentsFontsAndReadiness() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/openapi.yaml"))
            let document = try #require(client.readResponse())
            #expect(document.status == 200)
            #expect(document.headers["content-type"] == "application/yaml")
            #expect(document.body == Array(EmbeddedWeb.openAPI.utf8))
            client.send(get("/"))
            let page = try #require(client.readResponse())
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<html"))
            client.send(get("/weft-client.js"))
            #expect(client.readResponse()?.headers["content-type"] == "text/javascript; charset=utf-8")
            client.send(get("/weft-client.d.ts"))
            let types = try #require(client.readResponse())
            #expect(types.headers["content-type"] == "application/typescript; charset=utf-8")
            #expect(types.text.contains("export function createList"))
            client.send(get("/v1/fonts"))
            #expect(client.readResponse()?.status == 200)
            client.send(get("/readyz"))
            #expect(client.readResponse()?.text == #"{"status":"ready"}"#)
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        let metrics = ServiceMetrics()
        try withServer(router: testRouter(metrics: metrics), observer: metrics) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz") + get("/healthz") + get("/missing") + post("/v1/layout/node", body: "{}"))
            for _ in 0..<4 { _ = client.readResponse() }
            // A method the path lacks counts under its route; every font file under one.
            client.send(post("/healthz", body: "{}") + get("/v1/fonts"))
            _ = client.readResponse()
            let listing = try #require(client.readResponse()).text
            let files = listing.split(separator: "\"").filter { $0.hasPrefix("/v1/fonts/files/") }.prefix(2)
            #expect(files.count == 2)
            for file in files {
                client.send(get(String(file)))
                _ = client.readResponse()
            }
            metrics.observeCache { CacheStatistics(hits: 7, misses: 2, storedBytes: 4096) }
            client.send(get("/metrics"))
            let text = try #require(client.readResponse()).text
            #expect(text.contains(#"weft_http_requests_total{route="/healthz",method="GET",status="200"} 2"#))
            #expect(text.contains(#"weft_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            #expect(text.contains(#"weft_http_requests_total{route="/healthz",method="POST",status="405"} 1"#))
            #expect(text.contains(#"weft_http_requests_total{route="/v1/fonts/files/{id}",method="GET",status="200"} 2"#))
            #expect(text.contains(#"weft_http_request_duration_seconds_bucket{route="/v1/layout/node""#))
            #expect(text.contains("weft_http_requests_in_flight"))
            #expect(text.contains("weft_http_response_bytes_total"))
            #expect(text.contains("weft_layout_cache_hits_total 7"))
            #expect(text.contains("weft_layout_cache_misses_total 2"))
            #expect(text.contains("weft_layout_cache_bytes 4096"))
            client.send(get("/metrics"))
            #expect(try #require(client.readResponse()).text.contains("weft_layout_cache_hits_total 7"), "published once, not again")
        }
    }

    @Test func metricsCountTheCellStore() throws {
        let metrics = ServiceMetrics()
        var statistics = CellStoreStatistics()
        statistics.hits = 5
        statistics.misses = 3
        statistics.failures = 1
        let counted = statistics
        metrics.observeCellStore { counted }
        try withServer(router: testRouter(metrics: metrics), observer: metrics) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/metrics"))
            let text = try #require(client.readResponse()).text
            #expect(text.contains("weft_cell_store_hits_total 5"))
            #expect(text.contains("weft_cell_store_misses_total 3"))
            #expect(text.contains("weft_cell_store_failures_total 1"))
        }
    }
}
