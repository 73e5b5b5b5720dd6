#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
import WeftCells
import WeftHTTP
import WeftLayout
import WeftService

/// Counts the requests the server started.
private final class StartCounter: HTTPServerObserver {
    let started = Atomic<Int>(0)
    func requestStarted() { started.add(1, ordering: .relaxed) }
    func requestFinished(_ record: RequestRecord) {}
}

/// A text measurer that takes its time, and counts the texts it measured.
private final class SlowMeasurer: TextMeasuring {
    let calls = Atomic<Int>(0)
    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        calls.add(1, ordering: .relaxed)
        usleep(5_000)
        return TextMeasurement(size: Size(width: 10, height: 10), lineCount: 1, truncated: false, firstBaseline: 8, lastBaseline: 8)
    }
}

/// What one request, or one client, may cost the server: work for a client
/// that left, answers held for a client that does not read, a handshake that
/// never comes, a container that needs more than its time.
@Suite struct RequestBudgetRegressionTests {
    /// `count` table cells, each a stack of `boxes` boxes.
    private func heavyTable(cells count: Int, boxes: Int) -> String {
        let box = #"{"type":"box","style":{"height":1}}"#
        let children = Array(repeating: box, count: boxes).joined(separator: ",")
        // Each node differs (its id), so none is served from the cell cache.
        let cells = (0..<count).map { #"{"id":"c\#($0)","node":{"type":"stack","id":"n\#($0)","children":["# + children + "]}}" }
        return #"{"container":{"type":"table","bounds":{"width":375,"height":667}},"items":["# + cells.joined(separator: ",") + "]}"
    }

    @Test func workForAClientThatLeftStops() throws {
        let engine = ContainerEngine(workers: 2, cacheBytes: 256 << 20, textMeasurer: nil)
        let request = post("/v1/layout", body: heavyTable(cells: 3000, boxes: 20), headers: ["Content-Type: application/json"])
        try withServer({ $0.maxBodyBytes = 64 << 20 }, router: ServiceRoutes.makeRouter(engine: engine)) { server in
            do {
                let client = try RawClient(port: server.port)
                client.send(request)
                // The client goes away at once, without reading.
            }
            // The cells are looked up once the body is read; the cache then
            // grows with every cell laid out, until the work stops.
            let patience = monotonicSeconds() + 30
            while engine.cacheStatistics.misses == 0 && monotonicSeconds() < patience { usleep(10_000) }
            var abandoned = -1
            while engine.cacheStatistics.storedBytes != abandoned {
                abandoned = engine.cacheStatistics.storedBytes
                usleep(500_000)
            }
            // The same request from a client that waits lays out (and caches) the rest.
            let client = try RawClient(port: server.port, receiveTimeoutSeconds: 60)
            client.send(request)
            #expect(client.readResponse()?.status == 200)
            let whole = engine.cacheStatistics.storedBytes
            #expect(abandoned < whole, "\(abandoned) of \(whole) bytes of cells laid out for a client that had gone")
        }
    }

    @Test func answersFinishedBehindASlowOneCountAgainstTheUnsentBound() throws {
        var router = testRouter()
        let huge = Array(repeating: UInt8(ascii: "x"), count: 2 << 20)
        router.add("GET", "/huge") { _ in HTTPResponse(status: 200, contentType: "text/plain", body: huge) }
        let counter = StartCounter()
        try withServer({ $0.workers = 4 }, router: router, observer: counter) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/slow?ms=1500"))
            // A client that never reads: each request arrives on its own, after the one before finished.
            for _ in 0..<10 {
                usleep(50_000)
                client.send(get("/huge"))
            }
            usleep(200_000)
            let started = counter.started.load(ordering: .relaxed)
            #expect(started <= 3, "\(started) requests started while 2 MB answers were held for a client that does not read")
        }
    }

    @Test func aSilentTLSConnectionIsClosedAtTheReadTimeout() throws {
        try withSelfSignedCertificate { files in
            try withServer({
                $0.tls = TLSFiles(certificatePath: files.certificatePath, privateKeyPath: files.keyPath)
                $0.readTimeoutSeconds = 0.3
            }) { server in
                let silent = try RawClient(port: server.port, receiveTimeoutSeconds: 3)
                let start = monotonicSeconds()
                #expect(silent.isClosedByServer())
                #expect(monotonicSeconds() - start < 2.5)
            }
        }
    }

    @Test func aNodeTreeOverItsTimeBudgetStopsMeasuringAndIs503() throws {
        let measurer = SlowMeasurer()
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil, timeoutSeconds: 0.05)
        let texts = (0..<200).map { #"{"type":"text","text":"t\#($0)"}"# }.joined(separator: ",")
        let body = #"{"root":{"type":"stack","children":["# + texts + "]}}"
        try withServer(router: ServiceRoutes.makeRouter(textMeasurer: measurer, engine: engine)) { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: body, headers: ["Content-Type: application/json"]))
            let response = try #require(client.readResponse())
            #expect(response.status == 503)
            #expect(response.text.contains("https://weft.dev/problems/time-budget-exceeded"))
            let measured = measurer.calls.load(ordering: .relaxed)
            #expect(measured < 200, "\(measured) of 200 texts measured past a 50 ms budget")
        }
    }

    @Test func aContainerOverItsTimeBudgetIs503WithRetryAfter() throws {
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil, timeoutSeconds: 1e-9)
        try withServer(router: ServiceRoutes.makeRouter(engine: engine)) { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout", body: heavyTable(cells: 50, boxes: 5), headers: ["Content-Type: application/json"]))
            let response = try #require(client.readResponse())
            #expect(response.status == 503)
            #expect(response.headers["retry-after"] == "1")
            #expect(response.text.contains("https://weft.dev/problems/time-budget-exceeded"))
        }
    }
}
