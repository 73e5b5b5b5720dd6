import Synchronization
import WeftLayout

/// Recently measured texts, keyed by (text, font, width, options).
///
/// Safe from every layout thread at once: the key space is split over shards,
/// each behind its own lock, so threads rarely wait for one another. Each shard
/// is bounded by entry count and by the UTF-8 bytes of the texts it keeps,
/// evicting with the clock (second chance) approximation of LRU.
public final class MeasurementCache: Sendable {
    struct Key: Hashable, Sendable {
        let text: SanitizedText
        let maxWidth: Double
        let maxHeight: Double
    }

    /// Counters for `/metrics`.
    public struct Statistics: Sendable, Hashable {
        /// Lookups answered from the cache.
        public var hits: Int
        /// Lookups that measured.
        public var misses: Int
        /// Measurements held.
        public var entries: Int
        /// UTF-8 bytes of the texts held, the cache's main memory cost.
        public var textBytes: Int
    }

    private let shards: [LockedShard]
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// - Parameters:
    ///   - maxEntries: entries kept over all shards.
    ///   - maxTextBytes: UTF-8 bytes of keys kept over all shards (the dominant memory cost).
    public init(maxEntries: Int = 50_000, maxTextBytes: Int = 64 << 20, shardCount: Int = 16) {
        let count = max(1, shardCount)
        shards = (0..<count).map { _ in
            LockedShard(ClockShard(maxEntries: max(1, maxEntries / count), maxBytes: max(1, maxTextBytes / count)))
        }
    }

    func value(for key: Key) -> TextMeasurement? {
        let found = shard(for: key).state.withLock { $0.value(for: key) }
        if found != nil {
            hitCount.add(1, ordering: .relaxed)
        } else {
            missCount.add(1, ordering: .relaxed)
        }
        return found
    }

    func insert(_ value: TextMeasurement, for key: Key) {
        shard(for: key).state.withLock { $0.insert(value, for: key, cost: key.text.text.utf8.count + 64) }
    }

    /// The counters summed over every shard.
    public var statistics: Statistics {
        var entries = 0
        var bytes = 0
        for shard in shards {
            shard.state.withLock {
                entries += $0.count
                bytes += $0.totalCost
            }
        }
        return Statistics(
            hits: hitCount.load(ordering: .relaxed), misses: missCount.load(ordering: .relaxed), entries: entries,
            textBytes: bytes)
    }

    /// Forgets every measurement (the counters stay).
    public func removeAll() {
        for shard in shards { shard.state.withLock { $0.removeAll() } }
    }

    private func shard(for key: Key) -> LockedShard {
        var hasher = Hasher()
        hasher.combine(key)
        let hash = UInt(bitPattern: hasher.finalize())
        return shards[Int(hash % UInt(shards.count))]
    }
}
