import WeftJSON
import WeftLayout

/// Enum tokens of Texture's elements. Each value is spelled as its case name
/// in lowerCamelCase and also in CSS's spelling of the same value (kebab
/// case, and flex-start/flex-end for a stack's start/end), as the wire format allows.
enum TextureTokens {
    /// The camelCase name and its kebab-case twin ("spaceBetween", "space-between").
    static func spellings<T>(_ pairs: [(String, T)], aliases: [(String, T)] = []) -> KeyTable<T> {
        var all: [(String, T)] = []
        for (name, value) in pairs {
            all.append((name, value))
            let kebab = kebabCase(name)
            if kebab != name { all.append((kebab, value)) }
        }
        return KeyTable(all + aliases)
    }

    /// A run of capitals is one word, as CSS spells it: "minimumXY" is
    /// "minimum-xy".
    static func kebabCase(_ name: String) -> String {
        var out = ""
        var previousWasUpper = false
        for ch in name {
            if ch.isUppercase {
                if !previousWasUpper { out.append("-") }
                out.append(contentsOf: ch.lowercased())
            } else {
                out.append(ch)
            }
            previousWasUpper = ch.isUppercase
        }
        return out
    }

    static let stackDirection = spellings([
        ("vertical", StackDirection.vertical), ("horizontal", .horizontal),
        ("verticalReverse", .verticalReverse), ("horizontalReverse", .horizontalReverse),
    ])

    static let justifyContent = spellings(
        [
            ("start", StackJustifyContent.start), ("center", .center), ("end", .end),
            ("spaceBetween", .spaceBetween), ("spaceAround", .spaceAround),
        ], aliases: [("flex-start", .start), ("flex-end", .end)])

    static let alignItems = spellings(
        [
            ("start", StackAlignItems.start), ("end", .end), ("center", .center), ("stretch", .stretch),
            ("baselineFirst", .baselineFirst), ("baselineLast", .baselineLast),
        ],
        aliases: [
            ("flex-start", .start), ("flex-end", .end), ("baseline", .baselineFirst),
            ("first baseline", .baselineFirst), ("last baseline", .baselineLast),
        ])

    static let flexWrap = spellings(
        [("noWrap", StackWrap.noWrap), ("wrap", .wrap)], aliases: [("nowrap", .noWrap)])

    static let alignContent = spellings(
        [
            ("start", StackAlignContent.start), ("center", .center), ("end", .end),
            ("spaceBetween", .spaceBetween), ("spaceAround", .spaceAround), ("stretch", .stretch),
        ], aliases: [("flex-start", .start), ("flex-end", .end)])

    static let horizontalAlignment = spellings([
        ("none", HorizontalAlignment.none), ("left", .left), ("middle", .middle), ("right", .right),
    ])

    static let verticalAlignment = spellings([
        ("none", VerticalAlignment.none), ("top", .top), ("center", .center), ("bottom", .bottom),
    ])

    /// ASCenterLayoutSpecCenteringOptions, as the centring flags of a CenterSpec.
    static let centeringOptions = spellings([
        ("none", CenterSpec()), ("x", CenterSpec(centerX: true)), ("y", CenterSpec(centerY: true)),
        ("xy", CenterSpec(centerX: true, centerY: true)),
    ])

    static let centerSizing = spellings([
        ("default", MinimumSizing()), ("minimumX", MinimumSizing.width), ("minimumY", .height),
        ("minimumXY", [.width, .height]),
    ])

    static let relativePosition = spellings([
        ("none", RelativePosition.none), ("start", .start), ("center", .center), ("end", .end),
    ])

    static let relativeSizing = spellings([
        ("default", MinimumSizing()), ("minimumWidth", MinimumSizing.width), ("minimumHeight", .height),
        ("minimumSize", [.width, .height]),
    ])

    static let absoluteSizing = spellings([("default", AbsoluteSizing.default), ("sizeToFit", .sizeToFit)])

    static let cornerLocation = spellings([
        ("topLeft", CornerLocation.topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft),
        ("bottomRight", .bottomRight),
    ])

    static let truncation = spellings([
        ("tail", Truncation.tail), ("head", .head), ("middle", .middle), ("clip", .clip),
    ])

    /// `alignSelf` of a Texture spec's child (ASStackLayoutAlignSelf): no baseline.
    static let alignSelf = spellings(
        [("auto", Align.auto), ("start", .flexStart), ("end", .flexEnd), ("center", .center), ("stretch", .stretch)],
        aliases: [("flex-start", .flexStart), ("flex-end", .flexEnd)])
}
