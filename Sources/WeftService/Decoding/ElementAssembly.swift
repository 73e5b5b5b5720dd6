import WeftJSON
import WeftLayout

/// Completes the element of an object once it is closed and its type known:
/// required fields, its kind, and children in output (z-)order as
/// Element.swift documents.
enum ElementAssembly {
    static func assemble(_ type: ElementType, _ f: inout ElementFields) throws(RequestError) {
        let kind: ElementKind
        switch type {
        case .box: kind = .box
        case .view: kind = .view
        case .image: kind = .image(intrinsicSize: f.intrinsicSize)
        case .text: kind = .text(try textContent(f))
        case .stack: kind = .stack(f.stack)
        case .absolute: kind = .absolute(f.absoluteSizing)
        case .wrapper: kind = .wrapper
        case .flex: kind = .flex
        case .container: kind = .container(try NestedContainerFields.content(f.nested))
        case .inset: kind = .inset(f.insets)
        case .overlay: kind = .overlay
        case .background: kind = .background(hasBackground: f.has(.background))
        case .center: kind = .center(f.center)
        case .ratio:
            guard let ratio = f.ratio else { throw missing("ratio", of: type) }
            kind = .ratio(ratio)
        case .relative: kind = .relative(f.relative)
        case .corner:
            guard f.has(.corner) else { throw missing("corner", of: type) }
            kind = .corner(f.cornerSpec)
        }
        if type.takesChild {
            // `element.children` holds the slotted elements in the order
            // read; a valid element has its child and at most one partner.
            guard let child = f.slotPositions[.child] else { throw missing("child", of: type) }
            switch type {
            case .background:
                if let background = f.slotPositions[.background], background > child {
                    f.element.children.swapAt(background, child)
                }
            case .overlay, .corner:
                if let partner = f.slotPositions[type == .overlay ? .overlay : .corner], partner < child {
                    f.element.children.swapAt(partner, child)
                }
            default: break
            }
        }
        f.element.kind = kind
    }

    /// A text's content: `text` or `spans` (exactly one), spans and the
    /// truncation token inheriting the element's font and letter-spacing.
    private static func textContent(_ f: ElementFields) throws(RequestError) -> TextContent {
        var spans: [TextSpan] = []
        let text: String
        switch (f.text, f.spans) {
        case (let plain?, nil): text = plain
        case (nil, let sent?):
            spans = sent.map { $0.resolved(font: f.font, letterSpacing: f.letterSpacing) }
            text = spans.map(\.text).joined()
        case (nil, nil):
            throw RequestError(.missingField, "a text element needs \"text\" or \"spans\"")
        case (.some, .some):
            throw RequestError(.invalidValue, "a text element takes \"text\" or \"spans\", not both").at("spans")
        }
        return TextContent(
            text: text, font: f.font, lineHeight: f.lineHeight, maxLines: f.maxLines, truncation: f.truncation,
            letterSpacing: f.letterSpacing, overflowWrap: f.overflowWrap, spans: spans,
            truncationText: f.truncationText?.map { $0.resolved(font: f.font, letterSpacing: f.letterSpacing) },
            alignment: f.alignment, baseDirection: f.baseDirection, reportsLines: f.reportsLines)
    }

    static func missing(_ field: String, of type: ElementType) -> RequestError {
        let article = "aeiou".contains(type.rawValue.first ?? "x") ? "an" : "a"
        return RequestError(.missingField, "\(article) \(type.rawValue) element needs \"\(field)\"")
    }
}
