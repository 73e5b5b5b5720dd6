import CoreMetrics
import Prometheus
import WeftHTTP

/// Prometheus metrics for the service, through swift-metrics. Owns its registry
/// rather than bootstrapping the global MetricsSystem, so tests can make many.
public final class ServiceMetrics: HTTPServerObserver, Sendable {
    private let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let inFlight: CoreMetrics.Meter
    private let requestBytes: CoreMetrics.Counter
    private let responseBytes: CoreMetrics.Counter
    private let cacheHits: CoreMetrics.Counter
    private let cacheMisses: CoreMetrics.Counter
    private let cache = Protected<[RouteKey: RouteInstruments]>([:])

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        self.factory = factory
        inFlight = CoreMetrics.Meter(label: "weft_http_requests_in_flight", factory: factory)
        requestBytes = CoreMetrics.Counter(label: "weft_http_request_bytes_total", factory: factory)
        responseBytes = CoreMetrics.Counter(label: "weft_http_response_bytes_total", factory: factory)
        cacheHits = CoreMetrics.Counter(label: "weft_layout_cache_hits_total", factory: factory)
        cacheMisses = CoreMetrics.Counter(label: "weft_layout_cache_misses_total", factory: factory)
    }

    public func requestStarted() {
        inFlight.increment()
    }

    public func requestFinished(_ record: RequestRecord) {
        inFlight.decrement()
        let instruments = instruments(for: RouteKey(route: record.route, method: record.method, status: record.status))
        instruments.requests.increment()
        instruments.latency.recordNanoseconds(Int64(record.durationSeconds * 1e9))
        requestBytes.increment(by: record.requestBytes)
        responseBytes.increment(by: record.responseBytes)
    }

    private struct RouteKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct RouteInstruments {
        var requests: CoreMetrics.Counter
        var latency: CoreMetrics.Timer
    }

    /// Instruments are looked up once per route, method and status: asking the
    /// factory each time validated metric names on every request.
    private func instruments(for key: RouteKey) -> RouteInstruments {
        if let known = cache.withLock({ $0[key] }) { return known }
        let dimensions = [("route", key.route), ("method", key.method), ("status", String(key.status))]
        let made = RouteInstruments(
            requests: CoreMetrics.Counter(label: "weft_http_requests_total", dimensions: dimensions, factory: factory),
            latency: CoreMetrics.Timer(label: "weft_http_request_duration_seconds", dimensions: [("route", key.route)],
                                       factory: factory))
        cache.withLock { $0[key] = made }
        return made
    }

    /// For the cell cache: one call per lookup.
    public func recordCacheLookup(hit: Bool) {
        (hit ? cacheHits : cacheMisses).increment()
    }

    /// The Prometheus text exposition of everything recorded so far.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
