#if canImport(Glibc)
import Glibc
#endif
import WeftHTTP
import WeftService

/// Starts a server on 127.0.0.1 and a free port, runs `body`, and always stops it.
func withServer<T>(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
                   router: Router? = nil, observer: (any HTTPServerObserver)? = nil,
                   _ body: (HTTPServer) throws -> T) throws -> T {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.eventLoops = 1
    configuration.workers = 2
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, router: router ?? testRouter(), observer: observer)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

/// The service's routes plus a few that let tests control timing and echo what arrived.
func testRouter(metrics: ServiceMetrics? = nil) -> Router {
    var router = ServiceRoutes.makeRouter(metrics: metrics)
    router.add("POST", "/echo") { request in
        var response = HTTPResponse(status: 200, contentType: "application/octet-stream", body: request.body)
        response.headers.add("x-body-length", String(request.body.count))
        return response
    }
    router.add("GET", "/slow") { request in
        let milliseconds = Int(request.queryValue("ms") ?? "300") ?? 300
        usleep(UInt32(milliseconds * 1000))
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array("slow \(milliseconds)".utf8))
    }
    router.add("GET", "/fast", execution: .eventLoop) { _ in
        HTTPResponse(status: 200, contentType: "text/plain", body: Array("fast".utf8))
    }
    router.add("GET", "/big") { _ in
        let item = #"{"id":"cell","frame":{"x":0,"y":0,"width":375,"height":44}},"#
        let json = "[" + String(repeating: item, count: 100) + "{}]"
        return HTTPResponse(status: 200, contentType: "application/json", body: Array(json.utf8))
    }
    return router
}

/// Seconds on the monotonic clock, for checking that something waited.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
