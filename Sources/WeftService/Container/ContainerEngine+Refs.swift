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
        var unknown: [JSONPointer] = []
        for (n, ref) in refs.enumerated() {
            Turns.checkpoint()
            guard let entry = found[n],
                let content = entry.read ?? Self.content(entry.bytes, key: ref.key, check: entry.fromShared)
            else {
                unknown.append(Self.cellPath(section: ref.section, slot: ref.slot, shorthand: decoded.request.usesItemsShorthand))
                continue
            }
            if entry.read == nil { contentStore.keep(StoredContent(bytes: entry.bytes, read: content), for: ref.key) }
            decoded.apply(content, stored: entry.bytes, section: ref.section, slot: ref.slot)
        }
        guard !unknown.isEmpty else { return nil }
        var problem = Problem(
            .unknownRef,
            detail: unknown.count == 1
                ? "a cell was sent as a ref this server does not know: send it with its content"
                : "\(unknown.count) cells were sent as refs this server does not know: send them with their content",
            path: unknown[0])
        problem.refs = unknown
        return problem
    }

    /// A stored cell's content as the decoder reads it, with its tree's
    /// canonical hash; nil when the bytes do not read as a cell, or (`check`,
    /// for entries from the shared store) when they are not the content `key`
    /// names.
    private static func content(_ bytes: [UInt8], key: String, check: Bool) -> (cell: Cell, source: CellSource)? {
        let read: (Cell, CellSource)? = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            guard let cell = try? ContainerRequestDecoder.decodeCell(&reader), (try? reader.finish()) != nil else { return nil }
            if check, (try? ContentKey.of(cellJSON: buffer)) != key { return nil }
            return cell
        }
        guard let (cell, found) = read else { return nil }
        var source = found
        if let node = source.node { source.node?.hash = hash(bytes, node) }
        return (cell, source)
    }

    /// The bytes a cell sent with its content is stored under its key: its
    /// `kind` (interop only), `node` or `size`, and `style`, as sent.
    static func contentJSON(_ kind: CellKind, _ source: CellSource, _ bytes: [UInt8]) -> [UInt8] {
        var out = Array("{".utf8)
        func member(_ name: String, _ range: Range<Int>?) {
            guard let range else { return }
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            out += Array("\"\(name)\":".utf8)
            out += bytes[range]
        }
        if kind == .interop {
            out += Array(#""kind":"interop""#.utf8)
            member("size", source.size)
        } else {
            member("node", source.node?.range)
        }
        member("style", source.style)
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension DecodedContainerRequest {
    /// A ref'd cell takes the stored content's parts and keeps its own other fields.
    mutating func apply(_ content: (cell: Cell, source: CellSource), stored: [UInt8], section s: Int, slot: CellSlot) {
        var source = content.source
        source.stored = stored
        func merge(_ cell: inout Cell, _ own: inout CellSource?) {
            cell.kind = content.cell.kind
            cell.node = content.cell.node
            cell.size = content.cell.size
            cell.style = content.cell.style
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
