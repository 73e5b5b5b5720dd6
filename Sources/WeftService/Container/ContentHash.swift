import WeftCells
import WeftJSON

/// Hashing a cell's JSON for its `ContentHash` (WeftCells): meaning, not spelling.
extension JSONReader {
    /// Reads one value (checking its grammar as `skipValue` does) and
    /// returns its canonical hash. Bounded by `maxDepth` like `skipValue`.
    package mutating func contentHash() throws(RequestError) -> ContentHash {
        var lanes = HashLanes(tag: 0)
        var standalone: HashLanes?
        var cells: NestedCellHashes?
        try hashValue(into: &lanes, standalone: &standalone, cells: &cells, role: .plain)
        return ContentHash(low: lanes.a, high: lanes.b)
    }

    /// `contentHash`, and on the way the hashes of the parts of every cell
    /// of a nested container in the value: a cell's key needs them, and
    /// this pass has already read every byte of them.
    package mutating func contentHash(collecting found: inout NestedCellHashes) throws(RequestError) -> ContentHash {
        var lanes = HashLanes(tag: 0)
        var standalone: HashLanes?
        var cells: NestedCellHashes? = NestedCellHashes()
        try hashValue(into: &lanes, standalone: &standalone, cells: &cells, role: .plain)
        found = cells ?? NestedCellHashes()
        found.sortByStart()
        return ContentHash(low: lanes.a, high: lanes.b)
    }

    /// Hashes one value into `out`. `standalone`, when set, receives the
    /// same words on its own (the value's `contentHash`, which a cell's part
    /// needs). `cells`, when set, collects the parts of nested containers'
    /// cells; `role` says whether this value is one, or a list of them.
    private mutating func hashValue(
        into out: inout HashLanes, standalone: inout HashLanes?, cells: inout NestedCellHashes?, role: NestedCellHashes.Role
    ) throws(RequestError) {
        var none: HashLanes?
        switch try peekKind() {
        case .object:
            var parts = role == .cell ? NestedCellHashes.Parts(start: offset) : nil
            // A nested cell's content (`kind`, `node`, `size`, `style`, or a
            // `ref` to them) counts as its content key, one member, so that
            // the tree that holds the cell gets one key whether the cell came
            // in full or as a ref.
            var content = CellContentMembers()
            // Members are hashed one by one and summed: addition commutes, so
            // key order does not matter; the count keeps {} and {"a":0,"a":0}
            // style cancellations apart. A client's `x-` member means nothing
            // to the layout and is left out, so it never changes a key.
            var sumA: UInt64 = 0, sumB: UInt64 = 0, count: UInt64 = 0
            if try objectStart() {
                repeat {
                    let key = try key()
                    if key.isExtension {
                        try skipValue()
                        continue
                    }
                    var member = HashLanes(tag: 1)
                    var memberRole = NestedCellHashes.Role.plain
                    var part: NestedCellHashes.Part?
                    var token: CellContentMembers.Token?
                    key.withUTF8 { name in
                        member.add(bytes: name)
                        memberRole = NestedCellHashes.role(ofMember: name)
                        guard parts != nil else { return }
                        part = NestedCellHashes.part(name)
                        token = CellContentMembers.token(name)
                    }
                    if let token, try peekKind() == .string {
                        try content.read(token, &self)
                        continue
                    }
                    if let part {
                        var own: HashLanes? = HashLanes(tag: 0)
                        _ = peekByte()
                        let valueStart = offset
                        try hashValue(into: &member, standalone: &own, cells: &cells, role: memberRole)
                        parts?.set(part, own.map { ContentHash(low: $0.a, high: $0.b) })
                        if part == .node { parts?.nodeValue = valueStart..<offset }
                        continue
                    }
                    try hashValue(into: &member, standalone: &none, cells: &cells, role: memberRole)
                    member.finish()
                    sumA &+= member.a
                    sumB &+= member.b
                    count &+= 1
                } while try objectNext()
            }
            if let parts {
                var member = content.member(parts)
                member.finish()
                sumA &+= member.a
                sumB &+= member.b
                count &+= 1
                cells?.append(parts)
            }
            out.add(word: 0x6F62_6A65_6374 ^ count)
            out.add(word: sumA)
            out.add(word: sumB)
            standalone?.add(word: 0x6F62_6A65_6374 ^ count)
            standalone?.add(word: sumA)
            standalone?.add(word: sumB)
        case .array:
            var inner = HashLanes(tag: 2)
            if try arrayStart() {
                let itemRole: NestedCellHashes.Role = role == .cellList ? .cell : .plain
                repeat { try hashValue(into: &inner, standalone: &none, cells: &cells, role: itemRole) } while try arrayNext()
            }
            inner.finish()
            out.add(word: inner.a)
            out.add(word: inner.b)
            standalone?.add(word: inner.a)
            standalone?.add(word: inner.b)
        case .string:
            let start = offset + 1
            let (end, escaped) = try scanStringBody()
            out.add(word: 3)
            standalone?.add(word: 3)
            if let escaped {
                escaped.withUnsafeBufferPointer { bytes in
                    out.add(bytes: bytes)
                    standalone?.add(bytes: bytes)
                }
            } else {
                let bytes = UnsafeBufferPointer(rebasing: self.bytes[start..<end])
                out.add(bytes: bytes)
                standalone?.add(bytes: bytes)
            }
        case .number:
            var value = try readNumber()
            if value == 0 { value = 0 }  // -0 and 0 lay out the same
            out.add(word: 4)
            out.add(word: value.bitPattern)
            standalone?.add(word: 4)
            standalone?.add(word: value.bitPattern)
        case .bool:
            let word: UInt64 = try readBool() ? 5 : 6
            out.add(word: word)
            standalone?.add(word: word)
        case .null:
            _ = try consumeNull()
            out.add(word: 7)
            standalone?.add(word: 7)
        }
    }
}

/// A nested cell's `kind` and `ref` as its hash reads them: with its parts'
/// hashes, the member that stands for its content in the tree's hash.
struct CellContentMembers {
    enum Token { case kind, ref }

    private var kind: [UInt8]?
    private var ref: [UInt8]?

    static func token(_ name: UnsafeBufferPointer<UInt8>) -> Token? {
        switch name.count {
        case 4 where name.elementsEqual("kind".utf8): return .kind
        case 3 where name.elementsEqual("ref".utf8): return .ref
        default: return nil
        }
    }

    /// Reads the string value of `token` (escapes resolved) from `reader`.
    mutating func read(_ token: Token, _ reader: inout JSONReader) throws(RequestError) {
        let start = reader.offset + 1
        let (end, escaped) = try reader.scanStringBody()
        let text = escaped ?? Array(reader.bytes[start..<end])
        switch token {
        case .kind: kind = text
        case .ref: ref = text
        }
    }

    /// The cell's content key as one member: the key its parts make, or the
    /// one its `ref` names, which is that same key. A `ref` that spells no
    /// key, or a `kind` the decoder refuses, stands for itself.
    func member(_ parts: NestedCellHashes.Parts) -> HashLanes {
        var member = HashLanes(tag: 1)
        member.add(word: 0x636F_6E74_656E_74)  // "content": a name no member of a cell has
        var key: CellContentKey?
        var unread: [UInt8]?
        if let ref {
            key = CellContentKey(text: String(decoding: ref, as: UTF8.self))
            if key == nil { unread = ref }
        } else if let cellKind = kind.map({ CellKind(rawValue: String(decoding: $0, as: UTF8.self)) }) ?? .node {
            key = ContentKey.make(kind: cellKind, node: parts.node, size: parts.size, style: parts.style)
        } else {
            unread = kind
        }
        if let key {
            member.add(word: key.low)
            member.add(word: UInt64(key.high))
        } else if let unread {
            member.add(word: 3)
            unread.withUnsafeBufferPointer { member.add(bytes: $0) }
        }
        return member
    }
}

/// The hashes of the parts of the cells of nested containers (`node`,
/// `style`, `size`), found while the tree that holds them was hashed, by
/// where each cell's object starts in that tree's bytes: the decoder makes
/// each nested cell's key from them instead of reading its bytes again.
package struct NestedCellHashes: Sendable {
    enum Role { case plain, cellList, cell }
    enum Part { case node, style, size }

    struct Parts: Sendable {
        var start: Int
        var node: ContentHash?
        var style: ContentHash?
        var size: ContentHash?
        /// Where the `node` value sits (the last one, if sent twice): the
        /// decoder reads a strip's cells before their trees, and steps over
        /// a tree that starts there without reading it.
        var nodeValue: Range<Int>?

        init(start: Int) { self.start = start }

        mutating func set(_ part: Part, _ hash: ContentHash?) {
            switch part {
            case .node: node = hash
            case .style: style = hash
            case .size: size = hash
            }
        }
    }

    private var cells: [Parts] = []

    package init() {}

    /// A cell's parts are found under `items` (each element), `header` and
    /// `footer`: the only places cells sit.
    static func role(ofMember name: UnsafeBufferPointer<UInt8>) -> Role {
        switch name.count {
        case 5 where spells(name, "items"): return .cellList
        case 6 where spells(name, "header") || spells(name, "footer"): return .cell
        default: return .plain
        }
    }

    static func part(_ name: UnsafeBufferPointer<UInt8>) -> Part? {
        switch name.count {
        case 4 where spells(name, "node"): return .node
        case 5 where spells(name, "style"): return .style
        case 4 where spells(name, "size"): return .size
        default: return nil
        }
    }

    /// Byte for byte, without walking a String's UTF-8 view: this runs for
    /// every member name of every row.
    private static func spells(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        name.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func append(_ parts: Parts) {
        // A row's strip has a handful of cells: room for them at once.
        if cells.isEmpty { cells.reserveCapacity(16) }
        cells.append(parts)
    }

    /// Inner cells close first: put them in the order they start.
    mutating func sortByStart() {
        if !cells.isEmpty { cells.sort { $0.start < $1.start } }
    }

    /// The parts of the cell whose object starts at `start`, if it was seen.
    func parts(at start: Int) -> Parts? {
        var low = 0, high = cells.count
        while low < high {
            let mid = (low + high) / 2
            if cells[mid].start < start { low = mid + 1 } else { high = mid }
        }
        return low < cells.count && cells[low].start == start ? cells[low] : nil
    }

    var isEmpty: Bool { cells.isEmpty }
}

/// Two 64-bit lanes of a multiply-xorshift mix (in the spirit of wyhash's
/// folded multiply), seeded differently so they fail independently.
struct HashLanes {
    var a: UInt64
    var b: UInt64

    init(tag: UInt64) {
        a = 0x9E37_79B9_7F4A_7C15 ^ tag
        b = 0xC2B2_AE3D_27D4_EB4F ^ (tag &* 0x1656_67B1_9E37_79F9)
    }

    @inline(__always)
    static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    /// Lane `a` folds a full 128-bit product; lane `b` is a cheaper
    /// rotate-multiply over the same words, so the two fail independently
    /// without doubling the cost.
    @inline(__always)
    mutating func add(word w: UInt64) {
        a = Self.fold(a ^ w, 0xA076_1D64_78BD_642F)
        b = ((b ^ w) &* 0xE703_7ED1_A0B4_28DB).rotated(by: 29) &+ w
    }

    /// Eight bytes at a time, then the tail and the length (so "ab" + "c"
    /// and "a" + "bc" differ at the value level).
    @inline(__always)
    mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n {
                add(word: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            add(word: tail)
        }
        add(word: UInt64(n) | 0xFF00_0000_0000_0000)
    }

    mutating func finish() {
        a = Self.fold(a, b ^ 0x8EBC_6AF0_9C88_C6E3)
        b = Self.fold(b, a ^ 0x5899_65CC_7537_4CC3)
    }
}

extension UInt64 {
    @inline(__always)
    func rotated(by n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
