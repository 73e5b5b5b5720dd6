import WeftCells
import WeftLayout

/// A `container` element's output node carries its inner answer:
/// `contentSize`, `sections` (each cell as a container answer writes it,
/// frames in the inner container's content coordinates) and `hints` at its
/// own `contentOffset`.
enum NestedContainerEncoder {
    static func writeMembers(_ answer: NestedContainerAnswer, _ out: inout JSONWriter) {
        guard let nested = answer.value as? NestedContainerResult else { return }
        let result = nested.result
        out.key("contentSize")
        LayoutResponseEncoder.writeSize(result.contentSize, &out)
        ContainerResponseEncoder.writeSections(result.sections, &out) { s, slot in
            let placed = result.sections[s], given = nested.request.sections[s]
            switch slot {
            case .header: return cellAnswer(placed.header, given.header)
            case .footer: return cellAnswer(placed.footer, given.footer)
            case .item(let i): return cellAnswer(placed.items[i], given.items[i])
            }
        }
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
    }

    /// A cell's `layout`, mirrored from the tree the request gave it.
    private static func cellAnswer(_ placed: CellResult?, _ cell: Cell?) -> CellAnswer {
        guard let node = placed?.layout, let root = cell?.node else { return CellAnswer(layout: nil) }
        var tree = JSONWriter(capacity: 512)
        LayoutResponseEncoder.writeNode(node, root, &tree)
        return CellAnswer(layout: tree.bytes)
    }
}

extension CellAnswer {
    /// A nested cell's answer: its layout, and no key (a nested cell is not
    /// sent as a ref: it comes with the tree that holds it).
    init(layout: [UInt8]?) {
        key = nil
        self.layout = layout
    }
}
