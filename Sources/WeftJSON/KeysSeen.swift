import WeftHTTP

/// The keys an object has shown so far, a bit per key: cheaper than a
/// `Set`, which hashes each key's name. For key enums of at most 64 cases.
/// Inlinable: generic code across a module's edge would otherwise run
/// unspecialized, once per key of every element decoded.
public struct KeysSeen<Key: CaseIterable & Equatable>: Sendable {
    @usableFromInline var bits: UInt64 = 0

    /// No key seen yet.
    @inlinable public init() {}

    @inlinable static func bit(_ key: Key) -> UInt64 {
        1 &<< UInt64(Key.allCases.firstIndex(of: key).map { Key.allCases.distance(from: Key.allCases.startIndex, to: $0) }!)
    }

    /// Adds `key`; false when it was already there (the key appears twice).
    @inlinable public mutating func insert(_ key: Key) -> Bool {
        let bit = Self.bit(key)
        defer { bits |= bit }
        return bits & bit == 0
    }

    /// Whether `key` was inserted.
    @inlinable public func contains(_ key: Key) -> Bool { bits & Self.bit(key) != 0 }
}

extension RequestError {
    /// A key that appears twice in one object: RFC 8259 leaves the meaning
    /// open, so the contract refuses it rather than pick one.
    @inlinable public static func twice(_ key: String) -> RequestError {
        RequestError(.invalidValue, "the key \"\(key)\" appears twice")
    }
}
