/// Where one cell's content sits, as the request decoder found it: the byte
/// ranges of its `node`, `size` and `style` values, in the request body, or
/// in the stored content a cell sent as a `ref` resolved to.
package struct CellSource: Sendable {
    /// Nil for an interop cell.
    package var node: NodeSource?
    package var size: Range<Int>?
    package var style: Range<Int>?
    /// The key a cell sent as `{"id", "ref"}` named instead of its content.
    package var ref: String?
    /// The content a ref resolved to (`CellContentStore`): the ranges index
    /// these bytes. Nil for a cell sent with its content: they index the body.
    package var stored: [UInt8]?

    package init(node: NodeSource? = nil, size: Range<Int>? = nil, style: Range<Int>? = nil, ref: String? = nil) {
        self.node = node
        self.size = size
        self.style = style
        self.ref = ref
    }

    /// The ranges moved by `offset` (an item remembered relative to its start).
    func shifted(by offset: Int) -> CellSource {
        func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + offset)..<(r.upperBound + offset) }
        var copy = self
        copy.node = node.map { NodeSource(range: move($0.range), hash: $0.hash) }
        copy.size = size.map(move)
        copy.style = style.map(move)
        return copy
    }
}
