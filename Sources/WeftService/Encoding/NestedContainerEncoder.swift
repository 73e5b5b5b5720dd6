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
        let given = nested.request.sections
        ContainerResponseEncoder.writeSections(result.sections, &out) { s, slot in
            // Reached into, not copied: a section copied per cell cost more than writing it.
            var answer: CellAnswer
            switch slot {
            case .header: answer = cellAnswer(result.sections[s].header, given[s].header)
            case .footer: answer = cellAnswer(result.sections[s].footer, given[s].footer)
            case .item(let i): answer = cellAnswer(result.sections[s].items[i], given[s].items[i])
            }
            answer.key = nested.key(section: s, slot)
            return answer
        }
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
    }

    /// A cell's `layout`, mirrored from the tree the request gave it.
    private static func cellAnswer(_ placed: CellResult?, _ cell: Cell?) -> CellAnswer {
        guard let node = placed?.layout, let root = cell?.node else { return CellAnswer(tree: nil) }
        return CellAnswer(tree: (node, root))
    }
}

extension CellAnswer {
    /// A nested cell's answer: its layout, written from its tree (its key is
    /// set by the caller).
    init(tree: (node: LayoutNode, element: Element)?) {
        key = nil
        layout = nil
        self.tree = tree
    }
}
