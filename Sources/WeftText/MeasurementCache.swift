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

    public struct Statistics: Sendable, Hashable {
        public var hits: Int
        public var misses: Int
        public var entries: Int
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

/// Mutexes cannot be copied into an array; a reference to each one can.
final class LockedShard: Sendable {
    let state: Mutex<ClockShard>

    init(_ shard: consuming ClockShard) {
        state = Mutex(shard)
    }
}

/// One shard: a dictionary plus a clock hand over a ring of slots.
struct ClockShard: ~Copyable {
    private struct Slot {
        var key: MeasurementCache.Key
        var value: TextMeasurement
        var cost: Int
        var recentlyUsed: Bool
    }

    private let maxEntries: Int
    private let maxBytes: Int
    private var slots: [Slot] = []
    private var slotOfKey: [MeasurementCache.Key: Int] = [:]
    private var hand = 0
    private(set) var totalCost = 0

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    var count: Int { slots.count }

    mutating func value(for key: MeasurementCache.Key) -> TextMeasurement? {
        guard let slot = slotOfKey[key] else { return nil }
        slots[slot].recentlyUsed = true
        return slots[slot].value
    }

    mutating func insert(_ value: TextMeasurement, for key: MeasurementCache.Key, cost: Int) {
        // Too big to ever fit: not worth evicting everything else for.
        guard cost <= maxBytes else { return }
        if let slot = slotOfKey[key] {
            slots[slot].value = value
            slots[slot].recentlyUsed = true
            return
        }
        while !slots.isEmpty, slots.count >= maxEntries || totalCost + cost > maxBytes {
            evictOne()
        }
        slotOfKey[key] = slots.count
        slots.append(Slot(key: key, value: value, cost: cost, recentlyUsed: false))
        totalCost += cost
    }

    mutating func removeAll() {
        slots.removeAll()
        slotOfKey.removeAll()
        hand = 0
        totalCost = 0
    }

    /// Sweeps the hand, clearing "recently used" marks, and removes the first
    /// slot found unmarked; the last slot moves into its place.
    private mutating func evictOne() {
        while true {
            if hand >= slots.count { hand = 0 }
            if slots[hand].recentlyUsed {
                slots[hand].recentlyUsed = false
                hand += 1
                continue
            }
            let victim = slots[hand]
            slotOfKey[victim.key] = nil
            totalCost -= victim.cost
            let last = slots.count - 1
            if hand != last {
                slots[hand] = slots[last]
                slotOfKey[slots[hand].key] = hand
            }
            slots.removeLast()
            return
        }
    }
}
