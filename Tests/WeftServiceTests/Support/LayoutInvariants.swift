import WeftJSON
import WeftLayout

// The fuzz build compiles WeftService's sources into the fuzz target's own module.
#if canImport(WeftService)
import WeftService
#endif

/// What must hold for every layout of a valid request, whatever the tree.
/// Shared by the property tests and the layout fuzz target (Fuzz/LayoutTree).
enum LayoutInvariants {
    /// Every broken invariant, described; empty when the layout is sound.
    static func violations(of node: LayoutNode, for request: NodeRequest) -> [String] {
        var found: [String] = []
        let range = request.sizeRange
        let size = node.size
        // api.md: the root's size is clamped into sizeRange (layoutThatFits:).
        if !(size.width >= range.min.width && size.width <= range.max.width) {
            found.append("root width \(size.width) outside \(range.min.width)...\(range.max.width)")
        }
        if !(size.height >= range.min.height && size.height <= range.max.height) {
            found.append("root height \(size.height) outside \(range.min.height)...\(range.max.height)")
        }
        check(node, mirroring: request.root, path: "", into: &found)
        return found
    }

    /// One output node per input element, with finite frames and sizes that are not negative.
    private static func check(_ node: LayoutNode, mirroring element: Element, path: String, into found: inout [String]) {
        let frame = node.frame
        if !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite) {
            found.append("\(path): frame not finite: \(frame)")
        }
        if !(frame.width >= 0 && frame.height >= 0) {
            found.append("\(path): negative size: \(frame)")
        }
        guard node.children.count == element.children.count else {
            found.append("\(path): \(node.children.count) output children for \(element.children.count) elements")
            return
        }
        for (index, (child, childElement)) in zip(node.children, element.children).enumerated() {
            check(child, mirroring: childElement, path: "\(path)/\(index)", into: &found)
        }
    }

    /// The same document with every object's keys in reverse order: api.md lets
    /// keys come in any order, so its layout must not change.
    static func reversingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.reversed().map { JSONValue.Member($0.key, reversingKeys($0.value)) })
        case .array(let items):
            return .array(items.map(reversingKeys))
        default:
            return value
        }
    }
}
