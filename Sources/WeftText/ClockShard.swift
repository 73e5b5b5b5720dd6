import Synchronization
import WeftLayout

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
