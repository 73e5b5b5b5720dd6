import WeftJSON
import WeftLayout

/// The scalar fields of Texture's specs and of the image and text leaves.
enum SpecFieldDecoder {
    static func decode(_ field: ElementField, into f: inout ElementFields, _ r: inout JSONReader) throws(RequestError) {
        switch field {
        case .direction: f.stack.direction = try r.contractToken(TextureTokens.stackDirection)
        case .spacing: f.stack.spacing = try r.contractNumber()
        case .justifyContent: f.stack.justifyContent = try r.contractToken(TextureTokens.justifyContent)
        case .alignItems: f.stack.alignItems = try r.contractToken(TextureTokens.alignItems)
        case .flexWrap: f.stack.flexWrap = try r.contractToken(TextureTokens.flexWrap)
        case .alignContent: f.stack.alignContent = try r.contractToken(TextureTokens.alignContent)
        case .lineSpacing: f.stack.lineSpacing = try r.contractNumber()
        case .horizontalAlignment:
            f.stack.horizontalAlignment = try r.contractToken(TextureTokens.horizontalAlignment)
        case .verticalAlignment:
            f.stack.verticalAlignment = try r.contractToken(TextureTokens.verticalAlignment)
        case .insets: f.insets = try decodeInsets(&r)
        case .centeringOptions:
            let centering = try r.contractToken(TextureTokens.centeringOptions)
            f.center.centerX = centering.centerX
            f.center.centerY = centering.centerY
        case .sizingOptions: f.center.sizing = try r.contractToken(TextureTokens.centerSizing)
        case .ratio:
            let ratio = try r.contractNumber()
            guard ratio > 0 else { throw RequestError(.invalidValue, "ratio must be greater than 0, got \(ratio)") }
            f.ratio = ratio
        case .horizontalPosition: f.relative.horizontal = try r.contractToken(TextureTokens.relativePosition)
        case .verticalPosition: f.relative.vertical = try r.contractToken(TextureTokens.relativePosition)
        case .sizingOption: f.relative.sizing = try r.contractToken(TextureTokens.relativeSizing)
        case .sizing: f.absoluteSizing = try r.contractToken(TextureTokens.absoluteSizing)
        case .location: f.cornerSpec.location = try r.contractToken(TextureTokens.cornerLocation)
        case .offset: f.cornerSpec.offset = try r.contractPoint()
        case .wrapsCorner: f.cornerSpec.wrapsCorner = try r.contractBool()
        case .intrinsicSize: f.intrinsicSize = try r.contractSize(missing: 0)
        case .text:
            let text = try r.contractString()
            guard text.utf8.count <= TextContent.maxTextBytes else { throw TextSpanDecoder.tooLong() }
            f.text = text
        case .font: f.font = try decodeFont(&r)
        case .lineHeight:
            f.lineHeight = try r.consumeNull() ? nil : try r.contractLength()
            if let height = f.lineHeight, height > TextContent.maxLineHeight {
                throw RequestError(.invalidValue, "lineHeight is at most 1000000 points, got \(height)")
            }
        case .maxLines: f.maxLines = try r.contractInteger(in: 0...Int(Int32.max))
        case .truncation: f.truncation = try r.contractToken(TextureTokens.truncation)
        case .letterSpacing: f.letterSpacing = try r.contractNumber()
        case .overflowWrap: f.overflowWrap = try r.contractToken(CSSTokens.overflowWrap)
        case .spans: f.spans = try TextSpanDecoder.decodeSpans(&r)
        case .truncationText: f.truncationText = try TextSpanDecoder.decodeToken(&r)
        case .alignment: f.alignment = try r.contractToken(TextTokens.alignment)
        case .baseDirection: f.baseDirection = try r.contractToken(TextTokens.baseDirection)
        case .lines: f.reportsLines = try r.contractBool()
        case .type, .id, .style, .children, .child, .overlay, .background, .corner, .container, .items, .sections:
            preconditionFailure("decoded by ElementDecoder")
        }
    }

    /// `{top, left, bottom, right}`: a missing edge is 0, a null one infinite
    /// (Texture's INFINITY inset). Negative insets are allowed, as in UIKit.
    static func decodeInsets(_ r: inout JSONReader) throws(RequestError) -> InsetSpec {
        var insets = InsetSpec()
        guard try r.contractObjectStart() else { return insets }
        var seen = KeysSeen<InsetKey>()
        repeat {
            let key = try r.key()
            guard let edge = InsetKey.table.lookup(key) else {
                try r.skipExtension(key, context: "insets (accepted: \(InsetKey.table.namesList))")
                continue
            }
            let value: Double
            do throws(RequestError) {
                guard seen.insert(edge) else { throw RequestError.twice(edge.rawValue) }
                value = try r.consumeNull() ? .infinity : try r.contractNumber()
            } catch {
                throw error.at(edge.rawValue)
            }
            switch edge {
            case .top: insets.top = value
            case .left: insets.left = value
            case .bottom: insets.bottom = value
            case .right: insets.right = value
            }
        } while try r.objectNext()
        return insets
    }

    /// `{family, size, weight, style}`, each optional, over the defaults.
    static func decodeFont(_ r: inout JSONReader) throws(RequestError) -> FontDescriptor {
        try decodeFontFields(&r).applied(to: FontDescriptor())
    }

    /// The keys of a font object that are set (a span inherits the others).
    static func decodeFontFields(_ r: inout JSONReader) throws(RequestError) -> FontFields {
        var font = FontFields()
        guard try r.contractObjectStart() else { return font }
        var seen = KeysSeen<FontKey>()
        repeat {
            let key = try r.key()
            guard let fontKey = FontKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a font (accepted: \(FontKey.table.namesList))")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(fontKey) else { throw RequestError.twice(fontKey.rawValue) }
                switch fontKey {
                case .family:
                    let family = try r.contractString()
                    // Families are cache keys (font matching, measurements): a name
                    // longer than any installed family's would only fill the caches.
                    guard family.unicodeScalars.count <= FontKey.maxFamilyLength else {
                        throw RequestError(
                            .invalidValue, "a font family name is at most \(FontKey.maxFamilyLength) characters long")
                    }
                    font.family = family
                case .size: font.size = try r.contractLength()
                case .weight:
                    if try r.peekKind() == .string {
                        font.weight = try r.contractToken(FontKey.weightNames)
                    } else {
                        font.weight = try r.contractInteger(in: 1...1000)
                    }
                case .style: font.italic = try r.contractToken(FontKey.styleNames)
                }
            } catch {
                throw error.at(fontKey.rawValue)
            }
        } while try r.objectNext()
        return font
    }
}

enum InsetKey: String, Sendable, CaseIterable {
    case top, left, bottom, right
    static let table = KeyTable<InsetKey>(allCases.map { ($0.rawValue, $0) })
}

enum FontKey: String, Sendable, CaseIterable {
    /// In Unicode scalars, as JSON Schema's `maxLength` counts.
    static let maxFamilyLength = 256

    case family, size, weight, style
    static let table = KeyTable<FontKey>(allCases.map { ($0.rawValue, $0) })
    static let weightNames = KeyTable<Int>([("normal", 400), ("bold", 700)])
    /// `italic` as a flag.
    static let styleNames = KeyTable<Bool>([("normal", false), ("italic", true)])
}
