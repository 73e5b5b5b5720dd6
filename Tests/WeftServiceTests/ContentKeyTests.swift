import Testing
import WeftCells
import WeftJSON
import WeftService
import WeftStore

@Suite struct ContentKeyTests {
    private func key(_ cell: String) throws -> String {
        let bytes = Array(cell.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(RequestError) in try ContentKey.of(cellJSON: buffer).text }
    }

    private static let post = #"{"id":"p1","node":{"type":"stack","direction":"vertical","children":[{"type":"text","text":"Hi"}]},"style":{"height":44}}"#

    @Test func keysAreShortURLSafeAndValidStoreKeys() throws {
        let key = try key(Self.post)
        #expect(key.count == ContentKey.length)
        #expect(key.hasPrefix("c1"))
        #expect(CellStoreKey.isValid(key))
    }

    @Test func equalContentGivesTheEqualKeyWhateverItsSpelling() throws {
        let base = try key(Self.post)
        let respelled = """
            { "style" : {"height": 44.0}, "accessoryType": "checkmark", "constrainedSize": {"min": {"width": 1, "height": 0}, "max": {"width": 9, "height": 9}},
              "node": {"children": [{"text": "\\u0048i", "type": "text"}], "type": "stack", "direction": "vertical"},
              "id": "elsewhere", "kind": "node", "separatorInset": {"left": 3} }
            """
        #expect(try key(respelled) == base, "order, spacing, escapes, numbers, id and placement fields do not count")
    }

    @Test func clientExtensionKeysDoNotCount() throws {
        let base = try key(Self.post)
        let extended = #"{"id":"p1","x-a":1,"node":{"type":"stack","x-trace":{"deep":[1,{"x":2}]},"direction":"vertical","#
            + #""children":[{"type":"text","text":"Hi","x-i18n":"greeting"}]},"style":{"height":44,"x-note":"tall"}}"#
        #expect(try key(extended) == base, "x- members are ignored by the layout, so by the key")
        // A key that only looks like one is content.
        let lookalike = #"{"id":"p1","node":{"type":"stack","direction":"vertical","children":[{"type":"text","text":"x-Hi"}]},"style":{"height":44}}"#
        #expect(try key(lookalike) != base)
    }

    @Test func anyChangeOfContentChangesTheKey() throws {
        let base = try key(Self.post)
        let changed = [
            #"{"id":"p1","node":{"type":"stack","direction":"vertical","children":[{"type":"text","text":"Ho"}]},"style":{"height":44}}"#,
            #"{"id":"p1","node":{"type":"stack","direction":"vertical","children":[{"type":"text","text":"Hi"}]},"style":{"height":45}}"#,
            #"{"id":"p1","node":{"type":"stack","direction":"vertical","children":[{"type":"text","text":"Hi"}]}}"#,
            #"{"id":"p1","node":{"type":"stack","direction":"horizontal","children":[{"type":"text","text":"Hi"}]},"style":{"height":44}}"#,
        ]
        let keys = try changed.map(key)
        #expect(!keys.contains(base))
        #expect(Set(keys).count == keys.count)
    }

    @Test func kindsSizesAndStylesAreTheirOwnParts() throws {
        let interop = try key(#"{"id":"ad","kind":"interop","size":{"width":375,"height":120}}"#)
        #expect(try key(#"{"kind":"interop","size":{"height":120,"width":375}}"#) == interop)
        #expect(try key(#"{"kind":"interop","size":{"width":375,"height":121}}"#) != interop)
        // The size of a node cell and the node of an interop cell lay nothing out.
        let node = try key(#"{"node":{"type":"box"}}"#)
        #expect(try key(#"{"node":{"type":"box"},"size":{"width":1,"height":1}}"#) == node)
        #expect(try key(#"{"kind":"interop","size":{"width":375,"height":120},"node":{"type":"box"}}"#) == interop)
        // No style is the empty style; no kind is a node cell.
        #expect(try key(#"{"node":{"type":"box"},"style":{}}"#) == node)
        #expect(try key(#"{"kind":"node","node":{"type":"box"}}"#) == node)
        #expect(try key(#"{"node":{"type":"box"},"style":{"type":"box"}}"#) != node)
    }

    @Test func theComponentFormAgreesWithTheJSONForm() throws {
        func hash(_ json: String) throws -> ContentHash {
            let bytes = Array(json.utf8)
            return try bytes.withUnsafeBufferPointer { buffer throws(RequestError) in
                var reader = JSONReader(buffer)
                return try reader.contentHash()
            }
        }
        let made = ContentKey.make(kind: .node, node: try hash(#"{"type":"box"}"#), size: nil, style: try hash(#"{"width":3}"#))
        #expect(made.text == (try key(#"{"node":{"type":"box"},"style":{"width":3}}"#)))
    }

    /// Keys are shared through the cell store by instances of one version and
    /// held by clients across restarts: the same content must keep the same
    /// key in every process (no per-process seed, as Swift's Hasher has).
    @Test func keysDoNotDependOnTheProcess() throws {
        let box = try key(#"{"node":{"type":"box"}}"#)
        #expect(box == "c1MF7c3O3fYYgSUm8v", "\(box)")
    }

    /// A key is kept as its bits and spelled when answered: every
    /// well-formed text reads back to bits that spell it again, in a JSON
    /// answer as in a string, and nothing else reads as a key.
    @Test func aKeyReadsBackFromItsText() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var texts = [try key(Self.post), "c1MF7c3O3fYYgSUm8v"]
        // Every character of the alphabet at every position.
        for shift in 0..<alphabet.count {
            texts.append("c1" + String((0..<16).map { alphabet[($0 * 7 + shift) % alphabet.count] }))
        }
        for text in texts {
            let bits = try #require(CellContentKey(text: text))
            #expect(bits.text == text)
            var out = JSONWriter()
            out.contentKey(bits)
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"\(text)\"")
        }
        #expect(Set(texts.compactMap { CellContentKey(text: $0) }).count == Set(texts).count)
        for bad in ["", "c1", "c1MF7c3O3fYYgSUm8", "c1MF7c3O3fYYgSUm8v=", "c2MF7c3O3fYYgSUm8v", "c1MF7c3O3fYYgSUm8+", "c1MF7c3O3fYYgSUm8/"] {
            #expect(CellContentKey(text: bad) == nil, "\(bad)")
            #expect(!ContentKey.isWellFormed(bad))
        }
    }

    @Test func anUnknownKindIsAnError() {
        #expect(throws: RequestError.self) { try key(#"{"kind":"widget","node":{"type":"box"}}"#) }
    }
}
