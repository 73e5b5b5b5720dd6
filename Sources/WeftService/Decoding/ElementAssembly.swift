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
        case .text:
            guard let text = f.text else { throw missing("text", of: type) }
            kind = .text(
                TextContent(
                    text: text, font: f.font, lineHeight: f.lineHeight, maxLines: f.maxLines,
                    truncation: f.truncation, letterSpacing: f.letterSpacing, overflowWrap: f.overflowWrap))
        case .stack: kind = .stack(f.stack)
        case .absolute: kind = .absolute(f.absoluteSizing)
        case .wrapper: kind = .wrapper
        case .flex: kind = .flex
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
            guard let child = f.slotted(.child) else { throw missing("child", of: type) }
            var children: [Element] = []
            children.reserveCapacity(2)
            switch type {
            case .background:
                if let background = f.slotted(.background) { children.append(background) }
                children.append(child)
            case .overlay:
                children.append(child)
                if let overlay = f.slotted(.overlay) { children.append(overlay) }
            case .corner:
                children.append(child)
                if let corner = f.slotted(.corner) { children.append(corner) }
            default:
                children.append(child)
            }
            f.element.children = children
        }
        f.element.kind = kind
    }

    static func missing(_ field: String, of type: ElementType) -> RequestError {
        RequestError(.missingField, "a \(type.rawValue) element needs \"\(field)\"")
    }
}
