extension JSONReader {
    /// The end (exclusive) of the object starting at `offset`, found by
    /// matching brackets outside strings without checking anything else; nil
    /// when the input ends first. Only a memo hit trusts what it spans.
    ///
    /// This scan bounds how fast a request of cells seen before is read, and
    /// compact JSON has a quote every few bytes, so stopping at each one costs
    /// a mispredicted branch per few bytes. Instead it reads whole 8-byte
    /// words without a branch per byte (`BracketScan.word`); only a word that
    /// holds a backslash, and the last few bytes, go byte by byte.
    @inlinable public func objectEnd() -> Int? {
        let n = bytes.count
        guard offset < n, let base = bytes.baseAddress, base[offset] == UInt8(ascii: "{") else { return nil }
        var scan = BracketScan()
        var i = offset + 1
        while i + 8 <= n {
            let w = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if ByteLanes.equal(w, UInt8(ascii: "\\")) != 0 {
                // Rare in practice; the escaped byte may lie in the next word.
                let wordEnd = i + 8
                if let end = scan.bytes(base, &i, upTo: wordEnd) { return end }
            } else {
                if let k = scan.word(w) { return i + k + 1 }
                i += 8
            }
        }
        return scan.bytes(base, &i, upTo: n)
    }
}

/// Where a bracket scan stands between bytes: how many brackets are open
/// (the object's own `{` included) and whether it is inside a string.
@usableFromInline struct BracketScan {
    @inlinable init() {}

    @usableFromInline var depth = 1
    /// 1 in every byte lane when inside a string, else 0: the word scan flips
    /// its lanes with it, without a branch.
    @usableFromInline var stringLanes: UInt64 = 0

    @inlinable var inString: Bool {
        get { stringLanes != 0 }
        set { stringLanes = newValue ? ByteLanes.each(1) : 0 }
    }

    /// Byte by byte over `base[i..<end]` (a backslash in a string passes the
    /// byte after it too, which may lie at `end`): the index after the
    /// bracket that closes the object, if that is among them.
    @inlinable mutating func bytes(_ base: UnsafePointer<UInt8>, _ i: inout Int, upTo end: Int) -> Int? {
        while i < end {
            let b = base[i]
            i += 1
            if inString {
                if b == UInt8(ascii: "\\") {
                    i += 1
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// Eight bytes without a backslash at once: the offset in the word of the
    /// bracket that closes the object, if it is in this word. Counts come
    /// from the prefix sums' top lane: a multiply is cheaper than a popcount
    /// on the baseline x86-64 this is built for, which has no instruction for it.
    @inline(__always)
    @inlinable mutating func word(_ w: UInt64) -> Int? {
        let quotes = ByteLanes.prefixSums(ByteLanes.equal(w, UInt8(ascii: "\"")))
        // A byte is in a string when an odd number of quotes precede or are
        // it (counting from the word's start), or an even number when the
        // word starts in one; the quotes themselves do not matter here.
        let inside = (quotes & ByteLanes.each(1)) ^ stringLanes
        stringLanes ^= ByteLanes.each(1) &* (ByteLanes.total(quotes) & 1)
        // `[` and `]` differ from `{` and `}` only in bit 5: setting it folds four into two.
        let folded = w | ByteLanes.each(0x20)
        let closes = ByteLanes.equal(folded, UInt8(ascii: "}")) & ~inside
        let opened = ByteLanes.prefixSums(ByteLanes.equal(folded, UInt8(ascii: "{")) & ~inside)
        let closed = ByteLanes.prefixSums(closes)
        let closeCount = Int(ByteLanes.total(closed))
        if closeCount >= depth {
            // After each byte the depth is `depth` + opened - closed; it
            // first reaches 0 where closed = opened + `depth` (at most 8 + 8
            // per lane, so lanes never carry).
            let reached = ByteLanes.equal(closed ^ (opened &+ ByteLanes.each(UInt8(depth))), 0) & closes
            if reached != 0 { return reached.trailingZeroBitCount / 8 }
        }
        depth &+= Int(ByteLanes.total(opened)) &- closeCount
        return nil
    }
}

/// A little-endian word as eight byte lanes, with flags as 1 in a lane's
/// lowest bit (so that a multiply can sum them).
@usableFromInline enum ByteLanes {
    @inline(__always)
    @inlinable static func each(_ b: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(b) }

    /// A flag in each lane that equals `b`. Exact, unlike the classic
    /// has-zero-byte test, whose borrows can flag a lane after a match.
    @inline(__always)
    @inlinable static func equal(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let t = w ^ each(b)
        // Adding within a lane's low seven bits never carries into the next
        // lane; the lane's top bit then says whether any of its bits was set.
        let nonzero = ((t & each(0x7F)) &+ each(0x7F)) | t
        return (~nonzero >> 7) & each(1)
    }

    /// Each lane: the sum of the flags in it and the lanes before it (the
    /// multiply adds every lane into all lanes above it; at most 8 per lane).
    @inline(__always)
    @inlinable static func prefixSums(_ flags: UInt64) -> UInt64 { flags &* each(1) }

    /// The top lane of prefix sums: the sum over the whole word.
    @inline(__always)
    @inlinable static func total(_ sums: UInt64) -> UInt64 { sums >> 56 }
}
