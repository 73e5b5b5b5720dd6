import WeftJSON

/// The keys of an element's `style` (Texture's ASLayoutElementStyle and Yoga's).
enum StyleKey: String, Sendable, CaseIterable {
    case width, height, minWidth, maxWidth, minHeight, maxHeight, preferredSize
    case spacingBefore, spacingAfter, flexGrow, flexShrink, flexBasis, alignSelf
    case ascender, descender, layoutPosition
    case direction, flexDirection, justifyContent, alignItems, alignContent, flexWrap, flex
    case positionType, position, margin, padding, border, gap, rowGap, columnGap
    case aspectRatio, display, overflow, boxSizing

    static let table = KeyTable<StyleKey>(allCases.map { ($0.rawValue, $0) })
}
