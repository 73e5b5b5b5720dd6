import Synchronization

/// A thread-safe cache bounded by the bytes its values are said to cost,
/// evicting the least recently used entries. Sharded so that layout threads
/// rarely wait on each other.
///
/// Inlinable so that callers in other modules get it specialized for their
/// key and value types: unspecialized, every lookup paid for generic
/// metadata lookups, more than the lookup itself. Public, not package: a
/// package declaration was not specialized in other modules.
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let shards: [LockedShard<Key, Value>]
    /// The bytes of values kept at most, split evenly across the shards.
    public let capacityBytes: Int

    /// `capacityBytes` 0 disables the cache: nothing is stored.
    public init(capacityBytes: Int, shardCount: Int = 16) {
        self.capacityBytes = max(0, capacityBytes)
        let n = max(1, shardCount)
        let perShard = self.capacityBytes / n
        shards = (0..<n).map { _ in LockedShard<Key, Value>(capacity: perShard) }
    }

    /// False when the cache was made with no capacity: lookups then miss without counting.
    @inlinable public var isEnabled: Bool { capacityBytes > 0 }
    /// Lookups that found a value, since the cache was made.
    public var hits: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.hits } } }
    /// Lookups that found nothing, since the cache was made.
    public var misses: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.misses } } }

    /// The bytes of the values held now, as their owners counted them.
    public var storedBytes: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.bytes } } }
    /// The number of values held now.
    public var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.count } } }

    @inlinable func shard(for key: Key) -> LockedShard<Key, Value> {
        var h = Hasher()
        h.combine(key)
        let i = Int(UInt(bitPattern: h.finalize()) % UInt(shards.count))
        return shards[i]
    }

    /// The value stored for `key`, made the most recently used; counts a hit or a miss.
    @inlinable public func value(for key: Key) -> Value? {
        guard isEnabled else { return nil }
        return shard(for: key).state.withLock { $0.get(key) }
    }

    /// Stores `value`; one larger than a whole shard is not kept.
    @inlinable public func insert(_ value: Value, for key: Key, cost: Int) {
        guard isEnabled else { return }
        shard(for: key).state.withLock { $0.put(key, value, cost: max(1, cost)) }
    }

    /// The value stored for `key`, made the most recently used; or, for a
    /// key the cache does not have, the value `make` gives (with its cost),
    /// stored unless larger than a whole shard, and `made` true. `make` runs
    /// only for a new key, under the shard's lock: a new key is looked up
    /// and stored in one step, one lock and one probe of the index. Nil when
    /// the cache is disabled.
    @inlinable public func value(
        for key: Key, orInsert make: () -> (value: Value, cost: Int)
    ) -> (value: Value, made: Bool)? {
        guard isEnabled else { return nil }
        return shard(for: key).state.withLock { shard -> (value: Value, made: Bool) in
            switch shard.claim(key) {
            case .stored(let value): return (value, false)
            case .free(let slot):
                let (value, cost) = make()
                shard.fill(slot, key, value, cost: cost)
                return (value, true)
            }
        }
    }
}

/// `Mutex` cannot be copied into an array; a shard owns its own.
@usableFromInline final class LockedShard<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let state: Mutex<LRUShard<Key, Value>>
    init(capacity: Int) { state = Mutex(LRUShard(capacity: capacity)) }
}

/// One shard: a dictionary into a doubly linked list kept in arrays, most
/// recently used at the head.
@usableFromInline struct LRUShard<Key: Hashable, Value> {
    @usableFromInline struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        @usableFromInline var prev: Int
        @usableFromInline var next: Int

        @usableFromInline init(key: Key, value: Value, cost: Int, prev: Int, next: Int) {
            self.key = key
            self.value = value
            self.cost = cost
            self.prev = prev
            self.next = next
        }
    }

    @usableFromInline let capacity: Int
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var free: [Int] = []
    @usableFromInline var head = -1
    @usableFromInline var tail = -1
    @usableFromInline var bytes = 0
    /// Counted under the shard's lock, which a lookup holds anyway, rather
    /// than in counters that every layout thread shares: their cache line
    /// would move between cores at every lookup.
    @usableFromInline var hits = 0
    @usableFromInline var misses = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { index.count }

    @inlinable mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToFront(i)
        return entries[i].value
    }

    @inlinable mutating func put(_ key: Key, _ value: Value, cost: Int) {
        guard cost <= capacity else { return }
        let slot = free.last ?? entries.count
        if let stored = claim(slot, for: key) {
            bytes += cost - entries[stored].cost
            entries[stored].value = value
            entries[stored].cost = cost
            moveToFront(stored)
        } else {
            link(key, value, cost: cost, at: slot)
        }
        evictOverBudget()
    }

    /// What a lookup that stores a new key finds.
    @usableFromInline enum Claim {
        /// The key's value, made the most recently used.
        case stored(Value)
        /// The slot a new entry for the key takes, already in the index:
        /// `fill` must follow, under the same lock.
        case free(Int)
    }

    @inlinable mutating func claim(_ key: Key) -> Claim {
        let slot = free.last ?? entries.count
        guard let stored = claim(slot, for: key) else {
            misses += 1
            return .free(slot)
        }
        hits += 1
        moveToFront(stored)
        return .stored(entries[stored].value)
    }

    /// One probe of the index both finds a key stored before and gives a
    /// new key its slot, so that a new key is hashed and probed once: the
    /// slot of the entry `key` has, or nil once `slot` is `key`'s.
    @inlinable mutating func claim(_ slot: Int, for key: Key) -> Int? {
        guard let stored = index.updateValue(slot, forKey: key) else { return nil }
        index[key] = stored
        return stored
    }

    /// Stores the entry of a key `claim` gave `slot`; one larger than the
    /// shard leaves the key out.
    @inlinable mutating func fill(_ slot: Int, _ key: Key, _ value: Value, cost: Int) {
        guard max(1, cost) <= capacity else {
            index[key] = nil
            return
        }
        link(key, value, cost: max(1, cost), at: slot)
        evictOverBudget()
    }

    /// A new entry at `slot` (the last free slot, or one past the end),
    /// already in the index, made the most recently used.
    @inlinable mutating func link(_ key: Key, _ value: Value, cost: Int, at slot: Int) {
        let entry = Entry(key: key, value: value, cost: cost, prev: -1, next: head)
        if slot < entries.count {
            free.removeLast()
            entries[slot] = entry
        } else {
            entries.append(entry)
        }
        if head >= 0 { entries[head].prev = slot }
        head = slot
        if tail < 0 { tail = slot }
        bytes += cost
    }

    @inlinable mutating func evictOverBudget() {
        while bytes > capacity, tail >= 0 { evict(tail) }
    }

    @inlinable mutating func unlink(_ i: Int) {
        let p = entries[i].prev, n = entries[i].next
        if p >= 0 { entries[p].next = n } else { head = n }
        if n >= 0 { entries[n].prev = p } else { tail = p }
    }

    @inlinable mutating func moveToFront(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        entries[i].prev = -1
        entries[i].next = head
        if head >= 0 { entries[head].prev = i }
        head = i
        if tail < 0 { tail = i }
    }

    @inlinable mutating func evict(_ i: Int) {
        unlink(i)
        index[entries[i].key] = nil
        bytes -= entries[i].cost
        free.append(i)
    }
}
