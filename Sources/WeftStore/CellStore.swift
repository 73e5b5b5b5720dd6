import WeftSync

#if canImport(Glibc)
import Glibc
#endif

/// Cells shared between instances through Redis: keys (`CellStoreKey`) to
/// opaque bytes. The store is an optimisation behind each instance's own
/// cache, never a dependency: every call returns within the configured
/// timeout, and a store that is down, slow or refusing answers "miss"
/// (get) or drops the write (set). The client of the service sees no error.
///
/// Connections are pooled (one per concurrent caller, kept for reuse). After a
/// failure the store is left alone for a backoff that doubles from 50 ms to
/// 2 s while failures repeat; calls in that window are immediate misses, so a
/// dead Redis costs one timeout per backoff, not one per request.
public final class CellStore: Sendable {
    /// Where the store is, and how long calls and entries last.
    public let configuration: CellStoreConfiguration
    private let state = Protected(State())
    /// Told `false` (with what went wrong) when a round trip fails after one
    /// succeeded (or at the first), `true` when one succeeds again: an
    /// operator's log line per change, not per failed call.
    private let availabilityChanged: (@Sendable (_ available: Bool, _ reason: String?) -> Void)?

    private struct State {
        var idle: [RedisConnection] = []
        /// No connection is tried before this (monotonic nanoseconds).
        var retryAt: UInt64 = 0
        var backoff: UInt64 = 0
        var statistics = CellStoreStatistics()
    }

    static let firstBackoff: UInt64 = 50_000_000
    static let longestBackoff: UInt64 = 2_000_000_000
    /// Idle connections kept; more concurrent callers open and close their own.
    static let idleLimit = 64
    private static let namespace = Array("weft:cell:".utf8)
    /// The values a write's round trip carries, at most (a single larger value goes alone).
    static let writeBatchBytes = 1 << 20
    /// The keys a lookup's round trip asks for.
    static let lookupBatch = 256
    /// What a lookup allows for each value it may bring back: a row of a feed is a few kilobytes.
    static let expectedEntryBytes = 4096
    /// How fast a round trip's values are assumed to move and be stored, for
    /// its deadline: a slow link's rate, with room for a busy Redis, so that
    /// only a store that stalls runs out of time.
    static let bytesPerMillisecond: UInt64 = 16 << 10

    /// A store reached at `configuration`; no connection is opened until the first call.
    /// It ignores SIGPIPE for the whole process.
    public init(
        _ configuration: CellStoreConfiguration,
        availabilityChanged: (@Sendable (_ available: Bool, _ reason: String?) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.availabilityChanged = availabilityChanged
        // hiredis writes with plain write(2): a peer that went away must not kill the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// What the store has counted so far.
    public var statistics: CellStoreStatistics { state.withLock { $0.statistics } }

    /// The bytes stored under `key`, or nil: not stored, not a valid key, or the store unavailable.
    public func get(_ key: String) -> [UInt8]? {
        get([key])[0]
    }

    /// The bytes stored under each key (nil where there are none), in round
    /// trips of `lookupBatch` keys: a batch's replies arrive within a call's
    /// timeout where a request's thousands of refs in one would not. Each
    /// key's expiry starts again in the same round trip (EXPIRE, which any
    /// Redis has, and which leaves an absent key absent): content in use
    /// stays, where it dropped out a day after it was first written.
    public func get(_ keys: [String]) -> [[UInt8]?] {
        let valid = keys.indices.filter { CellStoreKey.isValid(keys[$0]) }
        var found = [[UInt8]?](repeating: nil, count: keys.count)
        guard !valid.isEmpty else { return found }
        let expiry = Array(String(configuration.expirySeconds).utf8)
        var start = valid.startIndex
        while start < valid.endIndex {
            let batch = valid[start..<min(start + Self.lookupBatch, valid.endIndex)]
            let replies = exchange(allowingFor: batch.count * Self.expectedEntryBytes) {
                let names = batch.map { Self.namespace + Array(keys[$0].utf8) }
                return [[Array("MGET".utf8)] + names] + names.map { [Array("EXPIRE".utf8), $0, expiry] }
            }
            // A failed batch leaves the rest to miss: the store is then in its backoff.
            guard case .array(let values)? = replies?.first, values.count == batch.count else { break }
            for (slot, value) in zip(batch, values) {
                if case .string(let bytes) = value { found[slot] = bytes }
            }
            start = batch.endIndex
        }
        let hits = found.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        state.withLock {
            $0.statistics.hits += hits
            $0.statistics.misses += keys.count - hits
        }
        return found
    }

    /// Stores `value` under `key` with the configured expiry, best effort.
    public func set(_ key: String, _ value: [UInt8]) {
        set([(key, value)])
    }

    /// Stores every entry (invalid keys are skipped), each with the configured
    /// expiry, in pipelined round trips of about `writeBatchBytes`: one round
    /// trip for a large request's new cells would not end within a call's
    /// timeout, and would cut the write off and report a healthy store as
    /// down. Best effort: nothing is retried.
    public func set(_ entries: [(key: String, value: [UInt8])]) {
        let valid = entries.filter { CellStoreKey.isValid($0.key) }
        guard !valid.isEmpty else { return }
        let expiry = Array(String(configuration.expirySeconds).utf8)
        for batch in Self.writeBatches(valid.map(\.value.count)) {
            let replies = exchange(allowingFor: batch.bytes) {
                valid[batch.entries].map {
                    [Array("SET".utf8), Self.namespace + Array($0.key.utf8), $0.value, Array("EX".utf8), expiry]
                }
            }
            guard replies != nil else { return }
        }
    }

    /// Values of these sizes cut into round trips of at most `writeBatchBytes`
    /// (a larger value goes alone): each batch's entries and bytes.
    static func writeBatches(_ sizes: [Int]) -> [(entries: Range<Int>, bytes: Int)] {
        var batches: [(entries: Range<Int>, bytes: Int)] = []
        var start = 0
        while start < sizes.count {
            var end = start, bytes = 0
            while end < sizes.count && (end == start || bytes + sizes[end] <= writeBatchBytes) {
                bytes += sizes[end]
                end += 1
            }
            batches.append((start..<end, bytes))
            start = end
        }
        return batches
    }

    /// How long beyond the call timeout a round trip carrying `bytes` of values may take.
    static func allowance(forBytes bytes: Int) -> UInt64 {
        UInt64(max(0, bytes)) * 1_000_000 / bytesPerMillisecond
    }

    /// Whether the store answers a PING within the timeout (for a log line at start-up).
    public func ping() -> Bool {
        exchange { [[Array("PING".utf8)]] }?.first == .status("PONG")
    }

    /// Runs `commands` on a pooled connection within the timeout, plus the
    /// time `bytes` of values take at `bytesPerMillisecond`, or nil when the
    /// store is in backoff, unreachable or too slow. The commands are built
    /// only when they will be sent: in a backoff a call costs a lock and nothing more.
    private func exchange(allowingFor bytes: Int = 0, _ commands: () -> [[[UInt8]]]) -> [RedisConnection.Reply]? {
        let start = monotonicNow()
        let deadline = start + UInt64(max(1, configuration.timeoutMilliseconds)) * 1_000_000 + Self.allowance(forBytes: bytes)
        let pooled: RedisConnection?? = state.withLock { state in
            guard start >= state.retryAt else {
                state.statistics.skipped += 1
                return .none
            }
            return .some(state.idle.popLast())
        }
        guard let pooled else { return nil }
        let connection: RedisConnection
        do throws(RedisConnection.OpenFailure) {
            if let pooled {
                connection = pooled
            } else {
                connection = try RedisConnection(configuration.address, deadline: deadline)
            }
        } catch {
            failed(error.reason)
            return nil
        }
        guard let replies = connection.roundTrip(commands(), deadline: deadline), !connection.broken else {
            failed(connection.failure ?? "connection lost")
            return nil
        }
        // A store that refuses (a password it was not given, out of memory)
        // is as good as down: misses, and a backoff, until it accepts again.
        for case .error(let message) in replies {
            failed("Redis refused: \(message)")
            return nil
        }
        let recovered: Bool = state.withLock { state in
            defer { state.backoff = 0 }
            if state.idle.count < Self.idleLimit { state.idle.append(connection) }
            return state.backoff != 0
        }
        if recovered { availabilityChanged?(true, nil) }
        return replies
    }

    /// Counts a failure and backs off; the idle connections are dropped too,
    /// since whatever broke one (a restart, a network cut) broke them all.
    private func failed(_ reason: String) {
        let (dropped, wasAvailable): ([RedisConnection], Bool) = state.withLock { state in
            state.statistics.failures += 1
            let wasAvailable = state.backoff == 0
            state.backoff = wasAvailable ? Self.firstBackoff : min(state.backoff * 2, Self.longestBackoff)
            state.retryAt = monotonicNow() + state.backoff
            defer { state.idle.removeAll() }
            return (state.idle, wasAvailable)
        }
        _ = dropped  // freed here, outside the lock
        if wasAvailable { availabilityChanged?(false, reason) }
    }
}

/// What the store did since start: found and missing keys, round trips that
/// failed (down, slow, refused), and calls skipped during a backoff.
public struct CellStoreStatistics: Equatable, Sendable {
    /// Keys found.
    public var hits = 0
    /// Keys asked for and not answered: absent, invalid, or the store unavailable.
    public var misses = 0
    /// Round trips that failed: could not connect, timed out, or broke.
    public var failures = 0
    /// Calls not sent because the store was in a backoff after a failure.
    public var skipped = 0

    /// All counts at zero.
    public init() {}
}
