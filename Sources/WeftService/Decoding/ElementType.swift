/// The `type` of an element.
enum ElementType: String, Sendable, CaseIterable {
    case box, view, image, text
    case stack, inset, overlay, background, center, ratio, relative, absolute, corner, wrapper
    case flex

    static let table = KeyTable<ElementType>(allCases.map { ($0.rawValue, $0) })

    /// Texture's single-child specs, whose one child comes in `child`.
    var takesChild: Bool {
        switch self {
        case .inset, .overlay, .background, .center, .ratio, .relative, .corner: return true
        default: return false
        }
    }

    var takesChildren: Bool {
        switch self {
        case .stack, .absolute, .wrapper, .flex: return true
        default: return false
        }
    }
}

/// The keys of an element object (beyond its `style`). Each field belongs to
/// fixed element types, so its value can be decoded before `type` is seen
/// (JSON objects are unordered: `type` may well come last).
enum ElementField: Int, Sendable, CaseIterable {
    case type, id, style
    case children, child, overlay, background, corner
    case direction, spacing, justifyContent, alignItems, flexWrap, alignContent, lineSpacing
    case horizontalAlignment, verticalAlignment
    case insets
    case centeringOptions, sizingOptions
    case ratio
    case horizontalPosition, verticalPosition, sizingOption
    case sizing
    case location, offset, wrapsCorner
    case intrinsicSize
    case text, font, lineHeight, maxLines, truncation, letterSpacing, overflowWrap

    static let table = KeyTable<ElementField>(allCases.map { ($0.name, $0) })

    /// The key as written (only needed for tables and error paths).
    var name: String { String(describing: self) }

    var bit: UInt64 { 1 << UInt64(rawValue) }

    func belongs(to type: ElementType) -> Bool {
        switch self {
        case .type, .id, .style: return true
        case .children: return type.takesChildren
        case .child: return type.takesChild
        case .overlay: return type == .overlay
        case .background: return type == .background
        case .corner, .location, .offset, .wrapsCorner: return type == .corner
        case .direction, .spacing, .justifyContent, .alignItems, .flexWrap, .alignContent, .lineSpacing,
            .horizontalAlignment, .verticalAlignment:
            return type == .stack
        case .insets: return type == .inset
        case .centeringOptions, .sizingOptions: return type == .center
        case .ratio: return type == .ratio
        case .horizontalPosition, .verticalPosition, .sizingOption: return type == .relative
        case .sizing: return type == .absolute
        case .intrinsicSize: return type == .image
        case .text, .font, .lineHeight, .maxLines, .truncation, .letterSpacing, .overflowWrap: return type == .text
        }
    }
}
