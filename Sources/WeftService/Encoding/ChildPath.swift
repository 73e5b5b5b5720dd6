import WeftLayout

/// Where the element's child at `index` (output order) was written in the
/// request: the inverse of the z-ordering Element.swift documents.
enum ChildPath {
    /// Appends the components to `path` and returns how many (no allocation).
    static func append(parent: ElementKind, index: Int, to path: inout [JSONPointer.Component]) -> Int {
        switch parent {
        case .background(let hasBackground):
            path.append(.key(hasBackground && index == 0 ? "background" : "child"))
        case .overlay:
            path.append(.key(index == 0 ? "child" : "overlay"))
        case .corner:
            path.append(.key(index == 0 ? "child" : "corner"))
        case .inset, .center, .ratio, .relative:
            path.append(.key("child"))
        default:
            path.append(.key("children"))
            path.append(.index(index))
            return 2
        }
        return 1
    }

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
