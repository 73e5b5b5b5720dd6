import WeftCells
import WeftJSON
import WeftLayout

/// Writes a node response (openapi.yaml, `NodeResponse`): `{"size", "layout", "warnings"}` and,
/// flattened, `"nodes"`. The output tree mirrors the element tree.
public enum LayoutResponseEncoder {
    /// The node response's bytes; `flatten` adds `nodes` in the root's coordinates.
    public static func encode(
        _ node: LayoutNode, root: Element, warnings: [RequestWarning], flatten: Bool,
        elementCountHint: Int = 0
    ) -> [UInt8] {
        // About 80 bytes per node (plus as much again when flattened).
        var out = JSONWriter(capacity: 128 + elementCountHint * (flatten ? 160 : 90))
        out.beginObject()
        out.key("size")
        writeSize(node.frame.size, &out)
        out.key("layout")
        writeNode(node, root, &out)
        out.key("warnings")
        writeWarnings(warnings, &out)
        if flatten {
            out.key("nodes")
            out.beginArray()
            writeFlat(node, root, &out)
            out.endArray()
        }
        out.endObject()
        return out.bytes
    }


    /// One output tree (also what a container response's `layout` holds).
    package static func writeNode(_ node: LayoutNode, _ element: Element, _ out: inout JSONWriter) {
        LaidOutTree.withRoot(node, element) { node, element in writeNode(node, element, &out) }
    }

    private static func writeNode(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, _ out: inout JSONWriter
    ) {
        out.beginObject()
        out.key("type")
        out.rawString(element.pointee.kind.typeName)
        if let id = element.pointee.id {
            out.key("id")
            out.string(id)
        }
        out.key("frame")
        writeFrame(node.pointee.frame, &out)
        if case .text = element.pointee.kind {
            out.key("lineCount")
            out.integer(node.pointee.lineCount ?? 0)
            out.key("truncated")
            out.bool(node.pointee.truncated ?? false)
            if let details = node.pointee.textDetails { writeTextDetails(details, &out) }
        }
        if let nested = node.pointee.nested { NestedContainerEncoder.writeMembers(nested, &out) }
        if Swift.min(node.pointee.children.count, element.pointee.children.count) > 0 {
            out.key("children")
            out.beginArray()
            _ = LaidOutTree.forEachChild(of: node, element) { _, node, element in
                writeNode(node, element, &out)
                return true
            }
            out.endArray()
        }
        out.endObject()
    }

    /// A truncated text's `visibleText` and, when asked for, its `lines`.
    private static func writeTextDetails(_ details: TextDetails, _ out: inout JSONWriter) {
        if let visibleText = details.visibleText {
            out.key("visibleText")
            out.string(visibleText)
        }
        guard let lines = details.lines else { return }
        out.key("lines")
        out.beginArray()
        for line in lines {
            out.beginObject()
            out.key("frame")
            writeFrame(line.frame, &out)
            out.key("start")
            out.integer(line.start)
            out.key("end")
            out.integer(line.end)
            out.key("baseline")
            out.number(line.baseline)
            out.endObject()
        }
        out.endArray()
    }

    /// Writes `warnings` as an array of `{"path", "detail"}`.
    package static func writeWarnings(_ warnings: [RequestWarning], _ out: inout JSONWriter) {
        out.beginArray()
        for warning in warnings {
            out.beginObject()
            out.key("path")
            out.string(warning.path.description)
            out.key("detail")
            out.string(warning.detail)
            out.endObject()
        }
        out.endArray()
    }

    /// Every element with an id, frame in root coordinates, in pre-order (z-order).
    static func writeFlat(_ node: LayoutNode, _ element: Element, _ out: inout JSONWriter) {
        LaidOutTree.withRoot(node, element) { node, element in writeFlat(node, element, origin: .zero, &out) }
    }

    private static func writeFlat(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, origin: Point, _ out: inout JSONWriter
    ) {
        let own = node.pointee.frame
        let frame = Frame(x: origin.x + own.x, y: origin.y + own.y, width: own.width, height: own.height)
        if let id = element.pointee.id {
            out.beginObject()
            out.key("id")
            out.string(id)
            out.key("frame")
            writeFrame(frame, &out)
            out.endObject()
        }
        if let nested = node.pointee.nestedResult {
            writeFlatCells(nested.value, origin: frame.origin, &out)
        }
        _ = LaidOutTree.forEachChild(of: node, element) { _, node, element in
            writeFlat(node, element, origin: frame.origin, &out)
            return true
        }
    }

    /// A nested container's cells' elements, after the container element:
    /// a content point shows at the element's origin plus that point less
    /// the container's `contentOffset`, and a cell's tree is relative to
    /// its frame. Headers, items, footers, section by section.
    private static func writeFlatCells(_ nested: NestedContainerResult, origin: Point, _ out: inout JSONWriter) {
        let offset = nested.request.container.contentOffset
        nested.forEachCell { _, _, placed, given in
            guard let layout = placed.layout, let root = given.node else { return }
            let at = Point(x: origin.x + placed.frame.x - offset.x, y: origin.y + placed.frame.y - offset.y)
            LaidOutTree.withRoot(layout, root) { node, element in writeFlat(node, element, origin: at, &out) }
        }
    }

    /// Writes a frame as `{"x", "y", "width", "height"}`.
    package static func writeFrame(_ frame: Frame, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("x")
        out.number(frame.x)
        out.key("y")
        out.number(frame.y)
        out.key("width")
        out.number(frame.width)
        out.key("height")
        out.number(frame.height)
        out.endObject()
    }

    /// Writes a size as `{"width", "height"}`.
    package static func writeSize(_ size: Size, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("width")
        out.number(size.width)
        out.key("height")
        out.number(size.height)
        out.endObject()
    }
}
