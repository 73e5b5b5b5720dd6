import Foundation
import Testing
import WeftHTTP

@Suite struct ConnectionTests {
    @Test func healthzAnswersWithFramingHeaders() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz"))
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.text == #"{"status":"ok"}"#)
            #expect(response.headers["content-length"] == "15")
            #expect(response.headers["date"]?.hasSuffix("GMT") == true)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            for _ in 0..<5 {
                client.send(get("/healthz"))
                #expect(client.readResponse()?.status == 200)
            }
            client.send(get("/healthz", headers: ["Connection: close"]))
            let last = try #require(client.readResponse())
            #expect(last.headers["connection"] == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func pipelinedResponsesKeepRequestOrder() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            // The slow one runs on the pool and finishes last; it must still be answered first.
            client.send(get("/slow?ms=300") + get("/fast") + post("/echo", body: "third") + get("/slow?ms=10"))
            let bodies = (0..<4).compactMap { _ in client.readResponse()?.text }
            #expect(bodies == ["slow 300", "fast", "third", "slow 10"])
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
            #expect(client.isClosedByServer())

            let keeper = try RawClient(port: server.port)
            keeper.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(keeper.readResponse()?.headers["connection"] == "keep-alive")
            keeper.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(keeper.readResponse()?.status == 200)
        }
    }

    @Test func headAnswersWithoutABody() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\n" + get("/fast"))
            let head = try #require(client.readResponse(forHEAD: true))
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "15")
            #expect(client.readResponse()?.text == "fast")
        }
    }

    @Test func chunkedRequestBodyReachesTheHandler() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nweft\r\n6\r\n-chunk\r\n0\r\n\r\n")
            #expect(client.readResponse()?.text == "weft-chunk")
        }
    }

    @Test func expectContinueGetsAnInterimResponse() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let interim = try #require(client.readResponse())
            #expect(interim.status == 100)
            client.send("hello")
            #expect(client.readResponse()?.text == "hello")
        }
    }

    @Test func expectContinueWithAnOversizedBodyIsRefusedAtOnce() throws {
        try withServer({ $0.maxBodyBytes = 100 }) { server in
            let client = try RawClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
            #expect(client.readResponse()?.status == 413)
        }
    }

    @Test func expectContinueForARefusedRequestIsAnsweredWithoutTheBody() throws {
        try withServer({ $0.authToken = "token" }) { server in
            let unknown = try RawClient(port: server.port)
            unknown.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            #expect(unknown.readResponse()?.status == 404)
            let anonymous = try RawClient(port: server.port)
            anonymous.send("POST /v1/layout HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            #expect(anonymous.readResponse()?.status == 401)
            #expect(anonymous.isClosedByServer())
        }
    }

    @Test func unknownPathsAndMethodsAreProblems() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/nowhere"))
            let missing = try #require(client.readResponse())
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "application/problem+json")
            #expect(missing.text.contains(#""status":404"#))
            client.send("DELETE /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            let wrongMethod = try #require(client.readResponse())
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD, OPTIONS")
            #expect(wrongMethod.text.contains(#""type":"https://weft.dev/problems/method-not-allowed","title":"Method not allowed""#))
            client.send(get("/v1/layout/node"))
            #expect(client.readResponse()?.headers["allow"] == "OPTIONS, POST")
        }
    }

    @Test func halfClosedClientStillGetsItsAnswers() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/slow?ms=100") + get("/fast"))
            client.shutdownWrite()
            #expect(client.readResponse()?.text == "slow 100")
            #expect(client.readResponse()?.text == "fast")
            #expect(client.isClosedByServer())
        }
    }

    @Test func connectionsOverTheLimitAreRefused() throws {
        try withServer({ $0.maxConnections = 2 }) { server in
            let first = try RawClient(port: server.port)
            let second = try RawClient(port: server.port)
            first.send(get("/fast"))
            second.send(get("/fast"))
            #expect(first.readResponse()?.status == 200)
            #expect(second.readResponse()?.status == 200)
            let third = try RawClient(port: server.port)
            #expect(third.readResponse()?.status == 503)
            #expect(third.isClosedByServer())
        }
    }
}

@Suite struct BackpressureTests {
    @Test func pipeliningClientThatNeverReadsIsNotServedWithoutBound() throws {
        try withServer({ $0.maxPipelinedRequests = 4 }) { server in
            let client = try RawClient(port: server.port)
            // 2000 pipelined requests for ~4 KB answers, none read yet: the server must stop reading, not buffer them all.
            let burst = Array(String(repeating: get("/big"), count: 2000).utf8)
            let fd = client.fd
            let sender = Thread { RawClient.send(burst, to: fd) }
            sender.start()
            usleep(300_000)
            var answered = 0
            while answered < 2000, let response = client.readResponse() {
                #expect(response.status == 200)
                answered += 1
            }
            #expect(answered == 2000)
        }
    }
}
