import WeftCells
import WeftJSON
import WeftLayout

/// Cells sent as `{"id", "ref": key}`: each takes its `kind`, `node`, `size`
/// and `style` from the content store, before validation, so that the rest
/// of the engine sees a cell sent with its content, and lays it out at the
/// size its container gives it now.
extension ContainerEngine {
    /// Resolves every ref in place; the 409 `unknown-ref` problem, listing
    /// every ref the store does not know, when any is unknown.
    ///
    /// The refs of containers nested in the cells' trees are otherwise
    /// found where those trees are laid out. `checkingNested` (for a body
    /// that may hold a ref) looks for them now: a stream sends its 200
    /// before any tree is laid out, and an unknown ref must still be a 409,
    /// not an error record after rows.
    func resolveRefs(_ decoded: inout DecodedContainerRequest, body: [UInt8], checkingNested: Bool = false) -> Problem? {
        var refs: [(section: Int, slot: CellSlot, key: String)] = []
        for (s, section) in decoded.nodes.enumerated() {
            if let key = section.header?.ref { refs.append((s, .header, key)) }
            for (i, source) in section.items.enumerated() {
                if let key = source.ref { refs.append((s, .item(i), key)) }
            }
            if let key = section.footer?.ref { refs.append((s, .footer, key)) }
        }
        if !refs.isEmpty {
            let found = contentStore.contents(for: refs.map(\.key))
            var anyUnknown = false
            for (n, ref) in refs.enumerated() {
                Turns.checkpoint()
                guard let content = found[n] else {
                    anyUnknown = true
                    continue
                }
                decoded.apply(content, section: ref.section, slot: ref.slot)
            }
            if anyUnknown { return Self.unknownRefs(everyUnknownRef(decoded, body: body)) }
        }
        guard checkingNested else { return nil }
        let nested = everyUnknownRef(decoded, body: body)
        return nested.isEmpty ? nil : Self.unknownRefs(nested)
    }

    /// In document order: the cells whose refs are unknown, and the unknown
    /// refs of nested containers in the other cells' trees (read, not laid
    /// out), so that one 409 names every ref the client must re-send. Those
    /// trees are otherwise read only once every cell's ref is known.
    private func everyUnknownRef(_ decoded: DecodedContainerRequest, body: [UInt8]) -> [RequestPath] {
        let shorthand = decoded.request.usesItemsShorthand
        var unknown: [RequestPath] = []
        for (s, section) in decoded.nodes.enumerated() {
            func visit(_ source: CellSource?, _ slot: CellSlot) {
                guard let source else { return }
                let cell = RequestPath.cell(slot, section: s, shorthand: shorthand)
                // A resolved ref's content is its `stored` bytes.
                if source.ref != nil && source.stored == nil {
                    unknown.append(cell)
                    return
                }
                guard let tree = source.node else { return }
                let nested = nestedUnknownRefs(source.stored ?? body, tree.range)
                // A resolved ref's tree is the store's, not in the request: the
                // client re-sends the cell itself.
                if source.stored != nil {
                    if !nested.isEmpty { unknown.append(cell) }
                } else {
                    unknown += nested.map { cell.appending("node").appending($0) }
                }
            }
            visit(section.header, .header)
            for (i, source) in section.items.enumerated() {
                Turns.checkpoint()
                visit(source, .item(i))
            }
            visit(section.footer, .footer)
        }
        return unknown
    }

    /// The unknown refs of the nested containers in the tree at `range` of
    /// `bytes`, relative to it. Nothing is stored: the request is refused.
    private func nestedUnknownRefs(_ bytes: [UInt8], _ range: Range<Int>) -> [RequestPath] {
        guard Self.mayHoldRefs(bytes, in: range) else { return [] }
        var decoder = ElementDecoder(limits: limits)
        decoder.viewWarnings = .nowhere
        decoder.cellContent = NestedCellContent(store: contentStore, writes: nil, cache: nil)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]), maxDepth: limits.maxJSONDepth)
            // A tree that breaks the contract is refused once its refs are known.
            _ = try? decoder.decodeRoot(&reader)
        }
        return decoder.unknownRefs
    }

    /// The 409 naming every cell whose ref the store does not know (`refs`; `path` is the first).
    static func unknownRefs(_ cells: [RequestPath]) -> Problem {
        var problem = Problem(
            .unknownRef,
            detail: cells.count == 1
                ? "a cell was sent as a ref this server does not know: send it with its content"
                : "\(cells.count) cells were sent as refs this server does not know: send them with their content",
            path: cells[0])
        problem.refs = cells
        return problem
    }
}

extension DecodedContainerRequest {
    /// A ref'd cell takes the stored content's parts and keeps its own other fields.
    mutating func apply(_ content: StoredCell, section s: Int, slot: CellSlot) {
        func merge(_ cell: inout Cell, _ own: inout CellSource?) {
            cell.kind = content.kind
            if content.kind == .node { cell.markNodePending() } else { cell.node = nil }
            cell.size = content.size
            cell.style = content.style
            var source = content.source
            source.stored = content.bytes
            source.ref = own?.ref
            own = source
        }
        switch slot {
        case .header:
            merge(&request.sections[s].header!, &nodes[s].header)
        case .footer:
            merge(&request.sections[s].footer!, &nodes[s].footer)
        case .item(let i):
            var own: CellSource? = nodes[s].items[i]
            merge(&request.sections[s].items[i], &own)
            nodes[s].items[i] = own!
        }
    }
}
