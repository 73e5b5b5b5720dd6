import WeftCells
import WeftJSON
import WeftLayout

/// What a `style` leaves to check once the element's own type and its
/// parent's are known.
struct StylePending {
    /// `alignSelf` as written: its vocabulary is the parent's.
    var alignSelfToken: String?
    /// The first key whose value is `max-content`, `fit-content` or `stretch`:
    /// those mean something only to Yoga (a flex element or a flex item).
    var intrinsicKey: StyleKey?
    /// The first of `width`, `height`, `minWidth`, `minHeight` and
    /// `preferredSize` at 1e7 points or more: no valid size to Texture
    /// (ASPointsValidForSize, ASDimension.h), whose layout would drop it to
    /// 0; Yoga (a flex element or a flex item) lays it out.
    var hugeSize: HugeStyleSize?

    /// Whether an element's parent (or the root's request) must still look at it.
    var needsParentCheck: Bool { alignSelfToken != nil || intrinsicKey != nil || hugeSize != nil }
}

/// A style size of 1e7 points or more: the key, and within `preferredSize`
/// the axis, so that the error points at the number. Trivial to copy (no
/// string): it rides in every element's pending checks.
struct HugeStyleSize {
    enum Axis: String { case width, height }

    var key: StyleKey
    var axis: Axis?

    /// The path below `style`.
    var components: [RequestPath.Component] { [.key(key.rawValue)] + (axis.map { [.key($0.rawValue)] } ?? []) }
}

enum StyleDecoder {
    /// Decodes an element's `style` in place, so that its details box is
    /// uniquely referenced and written without a copy.
    static func decode(_ r: inout JSONReader, into fields: inout ElementFields) throws(RequestError) {
        try decode(&r, into: &fields.element.style, pending: &fields.stylePending)
    }

    static func decode(_ r: inout JSONReader, into style: inout Style, pending: inout StylePending) throws(RequestError) {
        guard try r.contractObjectStart() else { return }
        var seen = KeysSeen<StyleKey>()
        repeat {
            let key = try r.key()
            guard let styleKey = StyleKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a style")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(styleKey) else { throw RequestError.twice(styleKey.rawValue) }
                try decodeValue(of: styleKey, into: &style, &pending, &r, seen: seen)
            } catch {
                throw error.at(styleKey.rawValue)
            }
        } while try r.objectNext()
    }

    /// `seen`: the keys of the style read so far, this one included.
    private static func decodeValue(
        of key: StyleKey, into style: inout Style, _ pending: inout StylePending, _ r: inout JSONReader,
        seen: KeysSeen<StyleKey>
    ) throws(RequestError) {
        switch key {
        case .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight, .flexBasis:
            let value = try r.contractDimension(.size)
            switch value {
            case .maxContent, .fitContent, .stretch:
                if pending.intrinsicKey == nil { pending.intrinsicKey = key }
            case .points(let points) where points >= ContainerLimits.maxLength:
                if pending.hugeSize == nil && [.width, .height, .minWidth, .minHeight].contains(key) {
                    pending.hugeSize = HugeStyleSize(key: key)
                }
            default: break
            }
            setSize(key, value, &style)
        case .preferredSize:
            // A null axis leaves that dimension alone. Texture's setters are
            // two writes of one value, and the last wins there; a JSON object
            // has no order, so `width` and `height` win wherever they stand.
            let size = try r.contractSize(missing: .nan)
            if !size.width.isNaN && !seen.contains(.width) { style.width = .points(size.width) }
            if !size.height.isNaN && !seen.contains(.height) { style.height = .points(size.height) }
            if pending.hugeSize == nil && max(size.width, size.height) >= ContainerLimits.maxLength {
                pending.hugeSize = HugeStyleSize(key: key, axis: size.width >= ContainerLimits.maxLength ? .width : .height)
            }
        case .spacingBefore: style.spacingBefore = try r.contractNumber()
        case .spacingAfter: style.spacingAfter = try r.contractNumber()
        case .flexGrow: style.flexGrow = try Self.flexFactor(&r)
        case .flexShrink: style.flexShrink = try Self.flexFactor(&r)
        case .alignSelf:
            let kind = try r.peekKind()
            guard kind == .string else { throw r.wrongType("a string", got: kind) }
            pending.alignSelfToken = try r.readString()
        case .ascender: style.ascender = try r.contractNumber()
        case .descender: style.descender = try r.contractNumber()
        case .layoutPosition: style.layoutPosition = try r.contractPoint()
        case .direction: style.direction = try r.contractToken(CSSTokens.direction)
        case .flexDirection: style.flexDirection = try r.contractToken(CSSTokens.flexDirection)
        case .justifyContent: style.justifyContent = try r.contractToken(CSSTokens.justifyContent)
        case .alignItems: style.alignItems = try r.contractToken(CSSTokens.alignItems)
        case .alignContent: style.alignContent = try r.contractToken(CSSTokens.alignContent)
        case .flexWrap: style.flexWrap = try r.contractToken(CSSTokens.flexWrap)
        case .flex: style.flex = try r.contractNumber()
        case .positionType: style.positionType = try r.contractToken(CSSTokens.positionType)
        case .position: style.position = try r.contractEdges(.margin)
        case .margin: style.margin = try r.contractEdges(.margin)
        case .padding: style.padding = try r.contractEdges(.padding)
        case .border: style.border = try r.contractEdges(.border)
        case .gap: style.gap = try r.contractDimension(.gap)
        case .rowGap: style.rowGap = try r.contractDimension(.gap)
        case .columnGap: style.columnGap = try r.contractDimension(.gap)
        case .aspectRatio:
            // Yoga treats 0 as "no aspect ratio"; null says the same.
            style.aspectRatio = try r.consumeNull() ? nil : try r.contractLength()
        case .display: style.display = try r.contractToken(CSSTokens.display)
        case .overflow: style.overflow = try r.contractToken(CSSTokens.overflow)
        case .boxSizing: style.boxSizing = try r.contractToken(CSSTokens.boxSizing)
        }
    }

    private static func setSize(_ key: StyleKey, _ value: Dimension, _ style: inout Style) {
        switch key {
        case .width: style.width = value
        case .height: style.height = value
        case .minWidth: style.minWidth = value
        case .maxWidth: style.maxWidth = value
        case .minHeight: style.minHeight = value
        case .maxHeight: style.maxHeight = value
        default: style.flexBasis = value
        }
    }

    /// A flex factor: relative, so any ratio fits below 1e7 (as sizes must
    /// be), where factors near the largest double summed to infinity and
    /// gave every child nothing.
    private static func flexFactor(_ r: inout JSONReader) throws(RequestError) -> Double {
        let factor = try r.contractLength()
        guard factor < ContainerLimits.maxLength else {
            throw RequestError(.invalidValue, "a flex factor is below 10000000 (factors are relative: scale them down), got \(factor)")
        }
        return factor
    }
}
