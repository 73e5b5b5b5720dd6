import Testing
import WeftCells
import WeftJSON

@testable import WeftService

/// The hashing pass over a cell's tree also finds the parts of the cells of
/// the nested containers inside it: each part's hash is the one that part
/// gets on its own, found by where its cell starts.
@Suite struct NestedCellHashesTests {
    private func standalone(_ json: String) throws -> ContentHash {
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(RequestError) in
            var reader = JSONReader(buffer)
            return try reader.contentHash()
        }
    }

    @Test func eachNestedCellsPartsAreFoundWhereItStarts() throws {
        let nodeA = #"{"type":"box","style":{"width":10}}"#
        let styleA = #"{"alignSelf":"end"}"#
        let nodeInner = #"{"type":"box"}"#
        let cellInner = #"{"id":"i","node":\#(nodeInner)}"#
        let nodeB = #"{"type":"container","container":{"type":"table"},"items":[\#(cellInner)]}"#
        let cellA = #"{"id":"a","style":\#(styleA),"node":\#(nodeA)}"#
        let cellB = #"{"node":\#(nodeB),"id":"b"}"#
        let footer = #"{"id":"f","kind":"interop","size":{"width":1,"height":2}}"#
        let tree = #"{"type":"container","container":{"type":"collection"},"sections":[{"items":[\#(cellA), \#(cellB)],"footer":\#(footer)}],"x-items":[{"node":{}}]}"#
        let bytes = Array(tree.utf8)
        var found = NestedCellHashes()
        let whole = try bytes.withUnsafeBufferPointer { buffer throws(RequestError) in
            var reader = JSONReader(buffer)
            return try reader.contentHash(collecting: &found)
        }
        // Collecting does not change the tree's own hash.
        #expect(whole == (try standalone(tree)))
        func start(of text: String) throws -> Int {
            try #require(tree.utf8.firstRange(of: text.utf8)).lowerBound.utf16Offset(in: tree)
        }
        let a = try #require(found.parts(at: try start(of: cellA)))
        #expect(a.node == (try standalone(nodeA)))
        #expect(a.style == (try standalone(styleA)))
        #expect(a.size == nil)
        let b = try #require(found.parts(at: try start(of: cellB)))
        #expect(b.node == (try standalone(nodeB)))
        #expect(b.style == nil)
        let inner = try #require(found.parts(at: try start(of: cellInner)))
        #expect(inner.node == (try standalone(nodeInner)))
        let f = try #require(found.parts(at: try start(of: footer)))
        #expect(f.size == (try standalone(#"{"width":1,"height":2}"#)))
        // Only cells: not the section, not a member merely named like a list of cells.
        #expect(found.parts(at: try start(of: #"{"items":"#)) == nil)
        #expect(found.parts(at: try start(of: #"{"node":{}}"#)) == nil)
    }
}
