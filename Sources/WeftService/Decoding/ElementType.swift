import WeftJSON

/// The `type` of an element.
enum ElementType: String, Sendable, CaseIterable {
    case box, view, image, text
    case stack, inset, overlay, background, center, ratio, relative, absolute, corner, wrapper
    case flex
    case container

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
    case spans, truncationText, alignment, baseDirection, lines
    case container, items, sections

    static let table = KeyTable<ElementField>(allCases.map { ($0.name, $0) })

    /// The key as written (only needed for tables and error paths).
    var name: String { String(describing: self) }

    @inline(__always)
    var bit: UInt64 { 1 &<< UInt64(truncatingIfNeeded: rawValue) }

    func belongs(to type: ElementType) -> Bool { type.fieldMask & bit != 0 }

    // Groups of fields, as bits.

    static var stackFields: UInt64 {
        direction.bit | spacing.bit | justifyContent.bit | alignItems.bit | flexWrap.bit | alignContent.bit
            | lineSpacing.bit | horizontalAlignment.bit | verticalAlignment.bit
    }
    static var centerFields: UInt64 { centeringOptions.bit | sizingOptions.bit }
    static var relativeFields: UInt64 { horizontalPosition.bit | verticalPosition.bit | sizingOption.bit }
    static var cornerFields: UInt64 { location.bit | offset.bit | wrapsCorner.bit }
    static var textFields: UInt64 {
        text.bit | font.bit | lineHeight.bit | maxLines.bit | truncation.bit | letterSpacing.bit | overflowWrap.bit
            | spans.bit | truncationText.bit | alignment.bit | baseDirection.bit | lines.bit
    }
    static var containerFields: UInt64 { container.bit | items.bit | sections.bit }
}

extension ElementType {
    /// The fields an element of this type may carry, as `ElementField.bit`s:
    /// checking a field against the type is one AND (the decoder checks
    /// every field of every element).
    @inline(__always)
    var fieldMask: UInt64 {
        let common = ElementField.type.bit | ElementField.id.bit | ElementField.style.bit
        let children = ElementField.children.bit
        let child = ElementField.child.bit
        switch self {
        case .box, .view: return common
        case .container: return common | ElementField.containerFields
        case .image: return common | ElementField.intrinsicSize.bit
        case .text: return common | ElementField.textFields
        case .stack: return common | children | ElementField.stackFields
        case .absolute: return common | children | ElementField.sizing.bit
        case .wrapper, .flex: return common | children
        case .inset: return common | child | ElementField.insets.bit
        case .overlay: return common | child | ElementField.overlay.bit
        case .background: return common | child | ElementField.background.bit
        case .center: return common | child | ElementField.centerFields
        case .ratio: return common | child | ElementField.ratio.bit
        case .relative: return common | child | ElementField.relativeFields
        case .corner: return common | child | ElementField.corner.bit | ElementField.cornerFields
        }
    }
}
