import WeftLayout

/// A decoded `style`, with what can only be checked once the element's own
/// type and its parent's are known.
struct DecodedStyle {
    var style = Style()
    /// `alignSelf` as written: its vocabulary is the parent's.
    var alignSelfToken: String?
    /// The first key whose value is `max-content`, `fit-content` or `stretch`:
    /// those mean something only to Yoga (a flex element or a flex item).
    var intrinsicKey: StyleKey?
}

enum StyleDecoder {
    static func decode(_ r: inout JSONReader) throws(RequestError) -> DecodedStyle {
        var decoded = DecodedStyle()
        guard try r.contractObjectStart() else { return decoded }
        repeat {
            let key = try r.key()
            guard let styleKey = StyleKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a style")
                continue
            }
            do throws(RequestError) {
                try decodeValue(of: styleKey, into: &decoded, &r)
            } catch {
                throw error.at(styleKey.rawValue)
            }
        } while try r.objectNext()
        return decoded
    }

    private static func decodeValue(
        of key: StyleKey, into decoded: inout DecodedStyle, _ r: inout JSONReader
    ) throws(RequestError) {
        switch key {
        case .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight, .flexBasis:
            let value = try r.contractDimension(.size)
            switch value {
            case .maxContent, .fitContent, .stretch:
                if decoded.intrinsicKey == nil { decoded.intrinsicKey = key }
            default: break
            }
            setSize(key, value, &decoded.style)
        case .preferredSize:
            // A null axis leaves that dimension alone.
            let size = try r.contractSize(missing: .nan)
            if !size.width.isNaN { decoded.style.width = .points(size.width) }
            if !size.height.isNaN { decoded.style.height = .points(size.height) }
        case .spacingBefore: decoded.style.spacingBefore = try r.contractNumber()
        case .spacingAfter: decoded.style.spacingAfter = try r.contractNumber()
        case .flexGrow: decoded.style.flexGrow = try r.contractLength()
        case .flexShrink: decoded.style.flexShrink = try r.contractLength()
        case .alignSelf:
            let kind = try r.peekKind()
            guard kind == .string else { throw r.wrongType("a string", got: kind) }
            decoded.alignSelfToken = try r.readString()
        case .ascender: decoded.style.ascender = try r.contractNumber()
        case .descender: decoded.style.descender = try r.contractNumber()
        case .layoutPosition: decoded.style.layoutPosition = try r.contractPoint()
        case .direction: decoded.style.direction = try r.contractToken(CSSTokens.direction)
        case .flexDirection: decoded.style.flexDirection = try r.contractToken(CSSTokens.flexDirection)
        case .justifyContent: decoded.style.justifyContent = try r.contractToken(CSSTokens.justifyContent)
        case .alignItems: decoded.style.alignItems = try r.contractToken(CSSTokens.alignItems)
        case .alignContent: decoded.style.alignContent = try r.contractToken(CSSTokens.alignContent)
        case .flexWrap: decoded.style.flexWrap = try r.contractToken(CSSTokens.flexWrap)
        case .flex: decoded.style.flex = try r.contractNumber()
        case .positionType: decoded.style.positionType = try r.contractToken(CSSTokens.positionType)
        case .position: decoded.style.position = try r.contractEdges(.margin)
        case .margin: decoded.style.margin = try r.contractEdges(.margin)
        case .padding: decoded.style.padding = try r.contractEdges(.padding)
        case .border: decoded.style.border = try r.contractEdges(.border)
        case .gap: decoded.style.gap = try r.contractDimension(.gap)
        case .rowGap: decoded.style.rowGap = try r.contractDimension(.gap)
        case .columnGap: decoded.style.columnGap = try r.contractDimension(.gap)
        case .aspectRatio:
            // Yoga treats 0 as "no aspect ratio"; null says the same.
            decoded.style.aspectRatio = try r.consumeNull() ? nil : try r.contractLength()
        case .display: decoded.style.display = try r.contractToken(CSSTokens.display)
        case .overflow: decoded.style.overflow = try r.contractToken(CSSTokens.overflow)
        case .boxSizing: decoded.style.boxSizing = try r.contractToken(CSSTokens.boxSizing)
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
}
