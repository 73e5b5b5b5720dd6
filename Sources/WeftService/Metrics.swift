import CoreMetrics
import Prometheus
import WeftHTTP
import WeftStore
import WeftSync

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
    private let cacheBytes: CoreMetrics.Gauge
    private let cache = Protected<[RouteKey: RouteInstruments]>([:])
    private let cacheSource = Protected<(@Sendable () -> CacheStatistics)?>(nil)
    private let publishedCache = Protected(CacheStatistics(hits: 0, misses: 0, storedBytes: 0))
    /// The shared cell store's hits, misses, failed round trips and calls skipped in a backoff.
    private let storeCounters: [CoreMetrics.Counter]
    private let storeSource = Protected<(@Sendable () -> CellStoreStatistics)?>(nil)
    private let publishedStore = Protected(CellStoreStatistics())
    private let workerRestarts: CoreMetrics.Counter
    private let idleMemoryReleases: CoreMetrics.Counter
    private let restartSource = Protected<(read: (@Sendable () -> Int)?, published: Int)>((nil, 0))

    /// A fresh registry with every instrument at zero.
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
        cacheBytes = CoreMetrics.Gauge(label: "weft_layout_cache_bytes", factory: factory)
        storeCounters = ["hits", "misses", "failures", "skipped"].map {
            CoreMetrics.Counter(label: "weft_cell_store_\($0)_total", factory: factory)
        }
        workerRestarts = CoreMetrics.Counter(label: "weft_worker_restarts_total", factory: factory)
        idleMemoryReleases = CoreMetrics.Counter(label: "weft_idle_memory_releases_total", factory: factory)
    }

    /// Counts one hand-back of free memory once requests stopped (`IdleRelease`).
    public func countIdleMemoryRelease() {
        idleMemoryReleases.increment()
    }

    /// Counts one more request in flight.
    public func requestStarted() {
        inFlight.increment()
    }

    /// Records a finished request: its count and latency under its route,
    /// method and status, and the bytes it read and wrote.
    public func requestFinished(_ record: RequestRecord) {
        inFlight.decrement()
        let instruments = instruments(for: RouteKey(
            route: record.route, method: HTTPMethod.label(record.method), status: record.status))
        instruments.requests.increment()
        instruments.latency.recordNanoseconds(Int64(record.durationSeconds * 1e9))
        requestBytes.increment(by: record.requestBytes)
        responseBytes.increment(by: record.responseBytes)
    }

    /// The shared cell store's counters since the last scrape.
    private func publishCellStoreStatistics() {
        guard let (now, before) = Self.sinceLastScrape(storeSource, publishedStore) else { return }
        let deltas = [now.hits - before.hits, now.misses - before.misses, now.failures - before.failures,
                      now.skipped - before.skipped]
        for (counter, delta) in zip(storeCounters, deltas) where delta > 0 { counter.increment(by: delta) }
    }

    /// Counters only go up: publish what the cache counted since the last scrape.
    private func publishCacheStatistics() {
        guard let (now, before) = Self.sinceLastScrape(cacheSource, publishedCache) else { return }
        if now.hits > before.hits { cacheHits.increment(by: now.hits - before.hits) }
        if now.misses > before.misses { cacheMisses.increment(by: now.misses - before.misses) }
        cacheBytes.record(now.storedBytes)
    }

    /// What `source` counts now and what the last scrape published (now remembered
    /// as published), or nil when nothing is observed.
    private static func sinceLastScrape<Statistics>(
        _ source: Protected<(@Sendable () -> Statistics)?>, _ published: Protected<Statistics>
    ) -> (now: Statistics, before: Statistics)? {
        guard let read = source.withLock({ $0 }) else { return nil }
        let now = read()
        let before = published.withLock { last in
            defer { last = now }
            return last
        }
        return (now, before)
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

    /// Where the layout cache's own counters are read, once per scrape; the cache
    /// counts lookups itself, so the hot path pays nothing extra for metrics.
    public func observeCache(_ statistics: @escaping @Sendable () -> CacheStatistics) {
        cacheSource.withLock { $0 = statistics }
    }

    /// Where the shared cell store's counters are read, once per scrape.
    public func observeCellStore(_ statistics: @escaping @Sendable () -> CellStoreStatistics) {
        storeSource.withLock { $0 = statistics }
    }

    /// Where the supervisor's count of restarted worker processes is read, once
    /// per scrape, so every worker reports the same total.
    public func observeWorkerRestarts(_ count: @escaping @Sendable () -> Int) {
        restartSource.withLock { $0.read = count }
    }

    private func publishWorkerRestarts() {
        let added = restartSource.withLock { source -> Int in
            guard let now = source.read?(), now > source.published else { return 0 }
            defer { source.published = now }
            return now - source.published
        }
        if added > 0 { workerRestarts.increment(by: added) }
    }

    /// The Prometheus text exposition of everything recorded so far.
    public func render() -> [UInt8] {
        publishCacheStatistics()
        publishCellStoreStatistics()
        publishWorkerRestarts()
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}

/// What the layout cache has counted since it was made.
public struct CacheStatistics: Sendable {
    /// Lookups answered from the cache.
    public var hits: Int
    /// Lookups the cache could not answer.
    public var misses: Int
    /// Bytes the cache holds now (a level, not a count).
    public var storedBytes: Int

    /// Statistics with these values.
    public init(hits: Int, misses: Int, storedBytes: Int) {
        self.hits = hits
        self.misses = misses
        self.storedBytes = storedBytes
    }
}
