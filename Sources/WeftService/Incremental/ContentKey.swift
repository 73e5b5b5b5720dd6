import WeftCells
import WeftHTTP
import WeftJSON

/// The `key` a container answer gives each cell, and that a later request
/// sends back as `ref`: it names the cell's *content* — its `kind`, its `node`
/// (or `size`, for an interop cell) and its `style` — and nothing about where
/// the cell is or how wide its container is, so one key serves every
/// position, width and rotation.
///
/// Built from the canonical `ContentHash` of each part (member order,
/// whitespace, number spelling and string escapes do not count), mixed with
/// fixed seeds and cut to 96 bits: equal content gives the equal key on any
/// instance, after any restart. 96 bits keep a ref short (it is most of a
/// scroll step's upload) while two contents sharing a key stay out of reach
/// (about 2^48 distinct cells before one pair is likely). Spelled `c1` (the
/// scheme's version, so a different scheme can never alias it) and 16
/// base64url characters.
package enum ContentKey {
    /// `c1` and 96 bits in base64url.
    package static let length = 18

    /// The key of a cell whose parts hash to these (`ContentHash` of each part's
    /// JSON). An absent `style` is the empty style, as the decoder reads it;
    /// `node` counts only for node cells and `size` only for interop cells,
    /// the parts each kind lays out with.
    package static func make(
        kind: CellKind, node: ContentHash?, size: ContentHash?, style: ContentHash?
    ) -> CellContentKey {
        var lanes = HashLanes(tag: 0x636F_6E74_656E_746B)  // "contentk"
        let part: ContentHash?
        switch kind {
        case .node:
            lanes.add(word: 1)
            part = node
        case .interop:
            lanes.add(word: 2)
            part = size
        }
        add(part, to: &lanes)
        add(style ?? emptyObject, to: &lanes)
        lanes.finish()
        return CellContentKey(low: lanes.a, high: UInt32(truncatingIfNeeded: lanes.b))
    }

    /// The key of one cell object as sent (`{"id": ..., "node": {...}, ...}`):
    /// reads only `kind`, `node`, `size` and `style`. For content already
    /// checked by the decoder; a `kind` it does not know is an error.
    package static func of(cellJSON bytes: UnsafeBufferPointer<UInt8>) throws(RequestError) -> CellContentKey {
        var reader = JSONReader(bytes)
        var kind = CellKind.node
        var node: ContentHash?, size: ContentHash?, style: ContentHash?
        if try reader.objectStart() {
            repeat {
                let name = try reader.key().string
                switch name {
                case "kind":
                    let token = try reader.readString()
                    guard let known = CellKind(rawValue: token) else {
                        throw RequestError(.unknownToken, "unknown cell kind \(token)", reversedPath: [.key("kind")])
                    }
                    kind = known
                case "node": node = try reader.contentHash()
                case "size": size = try reader.contentHash()
                case "style": style = try reader.contentHash()
                default: try reader.skipValue()
                }
            } while try reader.objectNext()
        }
        return make(kind: kind, node: node, size: size, style: style)
    }

    /// The key of a cell sent with its content, whose parts sit at
    /// `source`'s ranges in `bytes`, and its node's hash.
    package static func of(
        _ kind: CellKind, _ source: CellSource, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (key: CellContentKey, node: ContentHash?) {
        func hash(_ range: Range<Int>?) -> ContentHash? {
            guard let range else { return nil }
            var reader = JSONReader(UnsafeBufferPointer(rebasing: bytes[range]))
            return try? reader.contentHash()
        }
        let node = kind == .node ? source.node.flatMap { $0.hash ?? hash($0.range) } : nil
        return (make(kind: kind, node: node, size: hash(source.size), style: hash(source.style)), node)
    }

    private static func add(_ hash: ContentHash?, to lanes: inout HashLanes) {
        guard let hash else {
            lanes.add(word: 0xAB5E_17)  // absent, which no hash of a present part stands for
            return
        }
        lanes.add(word: 0x9E5E_17)
        lanes.add(word: hash.low)
        lanes.add(word: hash.high)
    }

    private static let emptyObject: ContentHash = {
        let bytes: [UInt8] = Array("{}".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            // "{}" is well-formed: this cannot throw.
            return (try? reader.contentHash()) ?? ContentHash(low: 0, high: 0)
        }
    }()

    /// Whether `text` is spelled as a key (`c1` and 16 base64url characters);
    /// only the content store knows whether it names anything.
    package static func isWellFormed(_ text: String) -> Bool {
        CellContentKey(text: text) != nil
    }
}

extension CellContentKey {
    /// The key as text: `c1` and its 96 bits (`low`, then `high`, each
    /// little-endian) in base64url.
    package var text: String {
        String(unsafeUninitializedCapacity: ContentKey.length) { out in
            spell(into: out)
            return ContentKey.length
        }
    }

    /// Writes `text` into `out`, which holds `ContentKey.length` bytes.
    func spell(into out: UnsafeMutableBufferPointer<UInt8>) {
        out[0] = UInt8(ascii: "c")
        out[1] = UInt8(ascii: "1")
        _ = withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { bits in
            Base64URL.encode(UnsafeRawBufferPointer(rebasing: bits.prefix(12)), into: UnsafeMutableBufferPointer(rebasing: out[2...]))
        }
    }

    /// The key `text` spells; nil unless it is well-formed (`ContentKey.isWellFormed`).
    package init?(text: String) {
        var text = text
        var bits: (low: UInt64, high: UInt32) = (0, 0)
        let read = text.withUTF8 { utf8 -> Bool in
            guard utf8.count == ContentKey.length, utf8[0] == UInt8(ascii: "c"), utf8[1] == UInt8(ascii: "1") else {
                return false
            }
            return withUnsafeMutableBytes(of: &bits) { out in
                Base64URL.decode(UnsafeBufferPointer(rebasing: utf8[2...]), into: out) == 12
            }
        }
        guard read else { return nil }
        self.init(low: UInt64(littleEndian: bits.low), high: UInt32(littleEndian: bits.high))
    }
}

extension JSONWriter {
    /// A content key as a JSON string, spelled straight into the output.
    package mutating func contentKey(_ key: CellContentKey) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ContentKey.length) { text in
            key.spell(into: text)
            plainString(UnsafeBufferPointer(text))
        }
    }
}
