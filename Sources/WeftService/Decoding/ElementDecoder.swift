import WeftLayout

/// Decodes element trees from a `JSONReader` straight into `Element` values,
/// enforcing api.md's element contract. Shared by the node request decoder
/// and (for each cell's `node`) the container request decoder.
public struct ElementDecoder {
    public let limits: DecodeLimits
    /// Elements decoded so far, over every tree this decoder has read.
    public private(set) var elementCount = 0
    private var ids: Set<String> = []
    private var depth = 0

    public init(limits: DecodeLimits = .standard) {
        self.limits = limits
    }

    /// Ids are unique within one node request or one cell: a container
    /// decoder starts a new scope per cell.
    public mutating func beginIDScope() {
        ids.removeAll(keepingCapacity: true)
    }

    /// Decodes a tree's root. A root has no parent, so its `alignSelf` is
    /// read with the flex vocabulary (the widest; the value means nothing),
    /// and intrinsic sizes (`max-content`, ...) need the root to be `flex`.
    public mutating func decodeRoot(_ r: inout JSONReader) throws(RequestError) -> Element {
        var decoded = try decodeElement(&r)
        if let token = decoded.alignSelfToken {
            guard let align = CSSTokens.alignSelf.lookup(token) else {
                throw Self.unknownAlignSelf(token, CSSTokens.alignSelf)
            }
            decoded.element.style.alignSelf = align
        }
        if let key = decoded.intrinsicKey { throw Self.intrinsicOutsideFlex(key) }
        return decoded.element
    }

    mutating func decodeElement(_ r: inout JSONReader) throws(RequestError) -> DecodedElement {
        depth += 1
        defer { depth -= 1 }
        guard depth <= limits.maxElementDepth else {
            throw RequestError(.limitExceeded, "elements nested deeper than \(limits.maxElementDepth) levels")
        }
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            throw RequestError(.limitExceeded, "more than \(limits.maxElements) elements in one request")
        }

        var fields = ElementFields()
        if try r.contractObjectStart() {
            repeat {
                let key = try r.key()
                guard let field = ElementField.table.lookup(key) else {
                    try r.skipExtension(key, context: "an element")
                    continue
                }
                if fields.has(field) {
                    throw RequestError(.invalidValue, "the key \"\(field.name)\" appears twice").at(field.name)
                }
                if let type = fields.type, !field.belongs(to: type) {
                    throw Self.foreignField(field, type)
                }
                do throws(RequestError) {
                    try decodeField(field, into: &fields, &r)
                } catch {
                    throw error.at(field.name)
                }
                fields.present |= field.bit
            } while try r.objectNext()
        }
        guard let type = fields.type else {
            throw RequestError(.missingField, "an element needs a \"type\"; one of \(ElementType.table.namesList)")
        }
        for field in ElementField.allCases where fields.has(field) && !field.belongs(to: type) {
            throw Self.foreignField(field, type)
        }
        try resolvePending(&fields, parent: type)
        var decoded = try ElementAssembly.assemble(type, &fields)
        if type == .flex { decoded.intrinsicKey = nil }
        return decoded
    }

    private mutating func decodeField(
        _ field: ElementField, into f: inout ElementFields, _ r: inout JSONReader
    ) throws(RequestError) {
        switch field {
        case .type:
            let kind = try r.peekKind()
            guard kind == .string else { throw r.wrongType("a string", got: kind) }
            let key = try r.scanKey()
            guard let type = ElementType.table.lookup(key) else {
                throw RequestError(
                    .unknownElementType,
                    "unknown element type \"\(key.string)\"; expected one of \(ElementType.table.namesList)")
            }
            f.type = type
        case .id:
            let id = try r.contractString()
            guard ids.insert(id).inserted else {
                throw RequestError(.duplicateID, "the id \"\(id)\" is already used in this tree")
            }
            f.id = id
        case .style:
            f.style = try StyleDecoder.decode(&r)
        case .children:
            guard try r.contractArrayStart() else { return }
            var index = 0
            repeat {
                let child: DecodedElement
                do throws(RequestError) { child = try decodeElement(&r) } catch { throw error.at(index) }
                if child.needsParentCheck { f.pending.append(Self.check(.children(index), child)) }
                f.children.append(child.element)
                index += 1
            } while try r.arrayNext()
        case .child: f.child = try decodeSlot(.child, &f, &r)
        case .overlay: f.overlay = try decodeSlot(.overlay, &f, &r)
        case .background: f.background = try decodeSlot(.background, &f, &r)
        case .corner: f.corner = try decodeSlot(.corner, &f, &r)
        default:
            try SpecFieldDecoder.decode(field, into: &f, &r)
        }
    }

    private mutating func decodeSlot(
        _ slot: ChildSlot, _ f: inout ElementFields, _ r: inout JSONReader
    ) throws(RequestError) -> DecodedElement {
        let child = try decodeElement(&r)
        if child.needsParentCheck { f.pending.append(Self.check(slot, child)) }
        return child
    }

    /// A child's alignSelf is read in its parent's vocabulary, and its
    /// intrinsic sizes need a flex parent (or the child being flex itself).
    private func resolvePending(_ f: inout ElementFields, parent: ElementType) throws(RequestError) {
        guard !f.pending.isEmpty else { return }
        let vocabulary = parent == .flex ? CSSTokens.alignSelf : TextureTokens.alignSelf
        for check in f.pending {
            if let token = check.alignSelfToken {
                guard let align = vocabulary.lookup(token) else {
                    throw check.slot.wrap(Self.unknownAlignSelf(token, vocabulary))
                }
                f.setAlignSelf(align, of: check.slot)
            }
            if let key = check.intrinsicKey, parent != .flex {
                throw check.slot.wrap(Self.intrinsicOutsideFlex(key))
            }
        }
    }

    private static func check(_ slot: ChildSlot, _ child: DecodedElement) -> PendingChildCheck {
        PendingChildCheck(slot: slot, alignSelfToken: child.alignSelfToken, intrinsicKey: child.intrinsicKey)
    }

    static func foreignField(_ field: ElementField, _ type: ElementType) -> RequestError {
        RequestError(.unknownKey, "\"\(field.name)\" is not a field of a \(type.rawValue) element").at(field.name)
    }

    static func unknownAlignSelf<T>(_ token: String, _ vocabulary: KeyTable<T>) -> RequestError {
        RequestError(
            .unknownToken, "unknown alignSelf \"\(token)\" for this parent; expected one of \(vocabulary.namesList)"
        ).at("alignSelf").at("style")
    }

    static func intrinsicOutsideFlex(_ key: StyleKey) -> RequestError {
        RequestError(
            .invalidValue,
            "\"max-content\", \"fit-content\" and \"stretch\" apply only to flex elements and their children"
        ).at(key.rawValue).at("style")
    }
}
