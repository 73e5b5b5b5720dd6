import WeftCells
import WeftLayout

/// Cells sent as `{"id", "ref": key}`: each takes its `kind`, `node`, `size`
/// and `style` from the content store, before validation, so that the rest
/// of the engine sees a cell sent with its content, and lays it out at the
/// size its container gives it now.
extension ContainerEngine {
    /// Resolves every ref in place; the 409 `unknown-ref` problem, listing
    /// every ref the store does not know, when any is unknown.
    func resolveRefs(_ decoded: inout DecodedContainerRequest) -> Problem? {
        var refs: [(section: Int, slot: CellSlot, key: String)] = []
        for (s, section) in decoded.nodes.enumerated() {
            if let key = section.header?.ref { refs.append((s, .header, key)) }
            for (i, source) in section.items.enumerated() {
                if let key = source.ref { refs.append((s, .item(i), key)) }
            }
            if let key = section.footer?.ref { refs.append((s, .footer, key)) }
        }
        guard !refs.isEmpty else { return nil }
        let found = contentStore.contents(for: refs.map(\.key))
        var unknown: [RequestPath] = []
        for (n, ref) in refs.enumerated() {
            Turns.checkpoint()
            guard let content = found[n] else {
                unknown.append(RequestPath.cell(ref.slot, section: ref.section, shorthand: decoded.request.usesItemsShorthand))
                continue
            }
            decoded.apply(content, section: ref.section, slot: ref.slot)
        }
        return unknown.isEmpty ? nil : Self.unknownRefs(unknown)
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
