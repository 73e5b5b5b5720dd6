import WeftLayout

/// Where the element's child at `index` (output order) was written in the
/// request: the inverse of the z-ordering Element.swift documents.
enum ChildPath {
    static func components(parent: ElementKind, index: Int) -> [JSONPointer.Component] {
        switch parent {
        case .background(let hasBackground):
            return [.key(hasBackground && index == 0 ? "background" : "child")]
        case .overlay:
            return [.key(index == 0 ? "child" : "overlay")]
        case .corner:
            return [.key(index == 0 ? "child" : "corner")]
        case .inset, .center, .ratio, .relative:
            return [.key("child")]
        default:
            return [.key("children"), .index(index)]
        }
    }
}
