import WeftJSON
import WeftLayout

/// Enum tokens of the Yoga / CSS flexbox style keys, spelled as in CSS only.
enum CSSTokens {
    static let direction = KeyTable<DirectionStyle>([("inherit", .inherit), ("ltr", .ltr), ("rtl", .rtl)])

    static let layoutDirection = KeyTable<LayoutDirection>([("ltr", .ltr), ("rtl", .rtl)])

    static let overflowWrap = KeyTable<OverflowWrap>([
        ("normal", .normal), ("anywhere", .anywhere), ("break-word", .breakWord),
    ])

    static let flexDirection = KeyTable<FlexDirection>([
        ("row", .row), ("row-reverse", .rowReverse), ("column", .column), ("column-reverse", .columnReverse),
    ])

    static let justifyContent = KeyTable<JustifyContent>([
        ("flex-start", .flexStart), ("flex-end", .flexEnd), ("center", .center), ("space-between", .spaceBetween),
        ("space-around", .spaceAround), ("space-evenly", .spaceEvenly), ("start", .start), ("end", .end),
    ])

    static let alignItems = KeyTable<Align>([
        ("flex-start", .flexStart), ("flex-end", .flexEnd), ("center", .center), ("stretch", .stretch),
        ("baseline", .baseline), ("start", .start), ("end", .end),
    ])

    /// `alignSelf` of a flex element's child.
    static let alignSelf = KeyTable<Align>([
        ("auto", .auto), ("flex-start", .flexStart), ("flex-end", .flexEnd), ("center", .center),
        ("stretch", .stretch), ("baseline", .baseline), ("start", .start), ("end", .end),
    ])

    static let alignContent = KeyTable<Align>([
        ("flex-start", .flexStart), ("flex-end", .flexEnd), ("center", .center), ("stretch", .stretch),
        ("space-between", .spaceBetween), ("space-around", .spaceAround), ("space-evenly", .spaceEvenly),
        ("start", .start), ("end", .end),
    ])

    /// The wire format spells it `no-wrap`; CSS's own `nowrap` is accepted too.
    static let flexWrap = KeyTable<FlexWrap>([
        ("no-wrap", .noWrap), ("nowrap", .noWrap), ("wrap", .wrap), ("wrap-reverse", .wrapReverse),
    ])

    static let positionType = KeyTable<PositionType>([
        ("static", .static), ("relative", .relative), ("absolute", .absolute),
    ])

    static let display = KeyTable<Display>([("flex", .flex), ("none", .none), ("contents", .contents)])

    static let overflow = KeyTable<Overflow>([("visible", .visible), ("hidden", .hidden), ("scroll", .scroll)])

    static let boxSizing = KeyTable<BoxSizing>([("border-box", .borderBox), ("content-box", .contentBox)])
}
