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
        out.key("sections")
        out.beginArray()
        for (s, section) in result.sections.enumerated() {
            let cells = nested.request.sections[s]
            out.beginObject()
            if let id = section.id {
                out.key("id")
                out.string(id)
            }
            if let header = section.header {
                out.key("header")
                writeCell(header, cells.header, &out)
            }
            out.key("items")
            out.beginArray()
            for i in section.items.indices { writeCell(section.items[i], cells.items[i], &out) }
            out.endArray()
            if let footer = section.footer {
                out.key("footer")
                writeCell(footer, cells.footer, &out)
            }
            out.endObject()
        }
        out.endArray()
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
    }

    private static func writeCell(_ result: CellResult, _ cell: Cell?, _ out: inout JSONWriter) {
        var layout: [UInt8]?
        if let node = result.layout, let root = cell?.node {
            var tree = JSONWriter(capacity: 512)
            LayoutResponseEncoder.writeNode(node, root, &tree)
            layout = tree.bytes
        }
        ContainerResponseEncoder.writeCell(result, CellAnswer(layout: layout), &out)
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
