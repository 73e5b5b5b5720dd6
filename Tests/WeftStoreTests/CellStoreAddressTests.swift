import Testing
import WeftStore

@Suite struct CellStoreAddressTests {
    @Test func readsHostPortAndDatabase() throws {
        #expect(try CellStoreAddress(parsing: "redis://cache.internal:6380/2")
                == CellStoreAddress(host: "cache.internal", port: 6380, database: 2))
        #expect(try CellStoreAddress(parsing: "redis://10.0.0.7") == CellStoreAddress(host: "10.0.0.7"))
        #expect(try CellStoreAddress(parsing: "redis://redis:6379/") == CellStoreAddress(host: "redis"))
        #expect(try CellStoreAddress(parsing: "redis://[::1]:7000/1") == CellStoreAddress(host: "::1", port: 7000, database: 1))
    }

    @Test func refusesWhatItCannotUse() {
        for text in ["http://redis:6379", "redis://", "redis://:6379", "redis://redis:0", "redis://redis:70000",
                     "redis://redis:port", "redis://redis:6379/x", "redis://redis:6379/-1", "redis://user:pw@redis",
                     "redis://[::1", "redis://[::1]x", "redis://redis?timeout=1"] {
            #expect(throws: CellStoreAddressError.self, "\(text)") { try CellStoreAddress(parsing: text) }
        }
    }

    /// The refusal goes to a log: it never quotes a password.
    @Test func aRefusalMasksCredentials() {
        for text in ["redis://user:s3cret@redis:6379", "redis://s3cret@redis/0", "redis://u:s3cret@[::1]:99999"] {
            do {
                _ = try CellStoreAddress(parsing: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(!error.description.contains("s3cret"), "\(error.description)")
                #expect(error.description.contains("***@"), "\(error.description)")
            }
        }
    }

    @Test func describesItselfAsAURL() throws {
        #expect(try CellStoreAddress(parsing: "redis://r").description == "redis://r:6379/0")
        #expect(CellStoreAddress(host: "::1", port: 1).description == "redis://[::1]:1/0")
    }

    @Test func keysAreShortAndURLSafe() {
        #expect(CellStoreKey.isValid("c1_AbC-09"))
        #expect(CellStoreKey.isValid(String(repeating: "a", count: 64)))
        #expect(!CellStoreKey.isValid(String(repeating: "a", count: 65)))
        #expect(!CellStoreKey.isValid(""))
        for bad in ["a b", "a/b", "a+b", "a=b", "é", "a\u{0}"] { #expect(!CellStoreKey.isValid(bad), "\(bad)") }
    }
}
