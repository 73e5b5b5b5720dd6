import Foundation
import Testing
@testable import WeftStore
import WeftSync

@Suite struct CellStoreTests {
    @Test func storesAndFindsBytes() throws {
        let redis = try RedisServer()
        let store = CellStore(CellStoreConfiguration(address: redis.address))
        let binary: [UInt8] = [0, 13, 10, 255, 36, 42]
        #expect(store.get("cell-a") == nil)
        store.set("cell-a", binary)
        store.set([(key: "cell-b", value: Array("{\"w\":1}".utf8)), (key: "empty", value: [])])
        #expect(store.get("cell-a") == binary)
        #expect(store.get(["cell-b", "nothing", "cell-a", "empty"]) == [Array("{\"w\":1}".utf8), nil, binary, []])
        store.set("cell-a", [1])
        #expect(store.get("cell-a") == [1])
        #expect(store.statistics.hits == 5)
        #expect(store.statistics.failures == 0)
    }

    /// A large request's new cells go in round trips of at most a megabyte,
    /// each given time for its bytes: one round trip for all of them ran out
    /// of a call's time (20 ms by default) and cut the write off.
    @Test func writesAreCutIntoBatchesGivenTimeForTheirBytes() {
        let batches = CellStore.writeBatches(Array(repeating: 1000, count: 20_000) + [3 << 20, 10])
        #expect(batches.allSatisfy { $0.bytes <= CellStore.writeBatchBytes || $0.entries.count == 1 })
        #expect(batches.map(\.entries.count).reduce(0, +) == 20_002)
        #expect(batches.count == 22)  // 20 of 1,048 values of a kilobyte, the 3 MB value alone, the last one
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.entries.upperBound == $1.entries.lowerBound })
        #expect(CellStore.allowance(forBytes: 1 << 20) == 64_000_000)
        #expect(CellStore.allowance(forBytes: 0) == 0)
    }

    /// The batches are written whole and found whole (with a timeout that a
    /// busy machine's test run cannot overrun: this checks what is stored).
    @Test func aLargeBatchIsWrittenAndFoundWhole() throws {
        let redis = try RedisServer()
        let store = CellStore(CellStoreConfiguration(address: redis.address, timeoutMilliseconds: 1000))
        let entries = (0..<20_000).map { i in
            (key: "cell-\(i)", value: [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: 1000))
        }
        store.set(entries)
        let found = store.get(entries.map(\.key))
        #expect(found.count == entries.count)
        #expect(zip(found, entries).allSatisfy { $0 == $1.value })
        #expect(store.statistics.failures == 0)
        #expect(store.statistics.hits == entries.count)
    }

    /// A lookup starts a found entry's expiry again, so content in use is
    /// kept; an absent key stays absent.
    @Test func aLookupRenewsTheExpiryOfWhatItFinds() throws {
        let redis = try RedisServer()
        let store = CellStore(CellStoreConfiguration(address: redis.address, expirySeconds: 1000))
        store.set("cell-a", [1])
        try redis.cli("EXPIRE", "weft:cell:cell-a", "5")
        #expect(try Int(redis.cli("TTL", "weft:cell:cell-a")) ?? 0 <= 5)
        #expect(store.get(["cell-a", "cell-b"]) == [[1], nil])
        #expect(try Int(redis.cli("TTL", "weft:cell:cell-a")) ?? 0 > 900)
        #expect(try redis.cli("EXISTS", "weft:cell:cell-b") == "0")
    }

    @Test func invalidKeysAreNeitherStoredNorLookedUp() throws {
        let redis = try RedisServer()
        let store = CellStore(CellStoreConfiguration(address: redis.address))
        store.set("has space", [1])
        store.set("ok", [2])
        #expect(store.get(["has space", "ok", String(repeating: "k", count: 65)]) == [nil, [2], nil])
    }

    @Test func databasesAreSeparate() throws {
        let redis = try RedisServer()
        var address = redis.address
        let zero = CellStore(CellStoreConfiguration(address: address))
        address.database = 3
        let three = CellStore(CellStoreConfiguration(address: address))
        zero.set("shared-name", [0])
        three.set("shared-name", [3])
        #expect(zero.get("shared-name") == [0])
        #expect(three.get("shared-name") == [3])
    }

    @Test func twoStoresOnOneRedisShareCells() throws {
        let redis = try RedisServer()
        let first = CellStore(CellStoreConfiguration(address: redis.address))
        let second = CellStore(CellStoreConfiguration(address: redis.address))
        first.set("made-on-one", Array("layout".utf8))
        #expect(second.get("made-on-one") == Array("layout".utf8))
    }

    @Test func nothingListeningIsAMissWithinTheTimeout() throws {
        let store = CellStore(CellStoreConfiguration(
            address: CellStoreAddress(host: "127.0.0.1", port: try freeLoopbackPort()), timeoutMilliseconds: 20))
        let start = Date()
        #expect(store.get("anything") == nil)
        store.set("anything", [1])
        #expect(store.get(["a", "b"]) == [nil, nil])
        #expect(secondsSince(start) < 0.5)
        // The first failure starts a backoff: calls within it do not even try.
        let stats = store.statistics
        #expect(stats.failures >= 1)
        #expect(stats.failures + stats.skipped == 3)
        #expect(stats.misses == 3)
    }

    @Test func aKilledStoreDegradesToMissesAndIsFoundAgainAfterARestart() throws {
        let redis = try RedisServer()
        // What an operator's log hears: one change each way, not one line per failed call.
        let changes = Protected<[Bool]>([])
        let store = CellStore(CellStoreConfiguration(address: redis.address, timeoutMilliseconds: 20)) { available, _ in
            changes.withLock { $0.append(available) }
        }
        defer { #expect(changes.withLock { $0 } == [false, true]) }
        store.set("before", [1])
        #expect(store.get("before") == [1])
        redis.kill()
        let start = Date()
        for _ in 0..<50 { #expect(store.get("before") == nil) }
        store.set("during", [2])
        #expect(secondsSince(start) < 1.0)
        #expect(store.statistics.failures >= 1)

        try redis.start()
        // Reconnects once the backoff (at most 2 s) lets it try again.
        let restarted = Date()
        var found: [UInt8]?
        while found == nil && secondsSince(restarted) < 5 {
            store.set("after", [3])
            found = store.get("after")
            if found == nil { usleep(20_000) }
        }
        #expect(found == [3])
        #expect(store.get("before") == nil, "a restarted Redis without persistence starts empty")
    }

    /// The operator's log line says why the store is unreachable: a database
    /// past the server's count, or a password the service was not given.
    @Test func aRefusingStoreIsDownWithTheReasonItGave() throws {
        let redis = try RedisServer(settings: ["--databases", "4"])
        let reasons = Protected<[String?]>([])
        var address = redis.address
        address.database = 9
        let store = CellStore(CellStoreConfiguration(address: address, timeoutMilliseconds: 1000)) { available, reason in
            reasons.withLock { $0.append(available ? nil : reason) }
        }
        #expect(!store.ping())
        let reason = try #require(reasons.withLock { $0 }.first ?? nil)
        #expect(reason.hasPrefix("SELECT 9 refused:") && reason.contains("out of range"), "\(reason)")

        let locked = try RedisServer(settings: ["--requirepass", "secret"])
        let refused = Protected<[String?]>([])
        let guarded = CellStore(CellStoreConfiguration(address: locked.address, timeoutMilliseconds: 1000)) { available, reason in
            refused.withLock { $0.append(available ? nil : reason) }
        }
        guarded.set("cell", [1])
        #expect(guarded.get("cell") == nil)
        // The refused write backs the store off: the lookup is skipped, or refused too.
        #expect(guarded.statistics.failures >= 1)
        #expect(guarded.statistics.failures + guarded.statistics.skipped == 2)
        let lockedReason = try #require(refused.withLock { $0 }.first ?? nil)
        #expect(lockedReason.hasPrefix("Redis refused: NOAUTH"), "\(lockedReason)")
    }

    @Test func aPausedStoreIsAMissWithinTheTimeout() throws {
        let redis = try RedisServer()
        let store = CellStore(CellStoreConfiguration(address: redis.address, timeoutMilliseconds: 30))
        store.set("cell", [7])
        #expect(store.get("cell") == [7])
        // CLIENT PAUSE holds every client's commands for 5 s: Redis is up but does not answer.
        try redis.cli("CLIENT", "PAUSE", "5000", "ALL")
        let start = Date()
        #expect(store.get("cell") == nil)
        store.set("other", [8])
        #expect(store.get("cell") == nil)
        #expect(secondsSince(start) < 0.5)
        let stats = store.statistics
        #expect(stats.failures + stats.skipped == 3)
    }
}
