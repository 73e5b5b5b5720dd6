import WeftCells
import WeftJSON
import WeftLayout

/// A `container` element's output node carries its inner answer:
/// `contentSize`, `sections` (each cell as a container answer writes it,
/// frames in the inner container's content coordinates) and `hints` at its
/// own `contentOffset`.
enum NestedContainerEncoder {
    static func writeMembers(_ answer: NestedContainerAnswer, _ out: inout JSONWriter) {
        guard let nested = answer as? NestedContainerResultAnswer else { return }
        let result = nested.value.result
        out.key("contentSize")
        LayoutResponseEncoder.writeSize(result.contentSize, &out)
        ContainerResponseEncoder.writeSections(result.sections, &out) { s, slot, cell in
            // A nested cell's layout was encoded when it was measured (`NestedCells`).
            CellAnswer(key: nested.value.key(section: s, slot), layout: cell.pointee.encodedLayout)
        }
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
    }
}
