import WeftLayout

/// Decodes element trees from a `JSONReader` straight into `Element` values,
/// enforcing api.md's element contract. Shared by the node request decoder
/// and (for each cell's `node`) the container request decoder.
///
/// It does not recurse: open elements live in a heap stack of frames, so
/// the thread's stack use is the same for a flat tree and for one at the
/// depth limit. The JSON Pointer of an error is rebuilt from that stack only
/// when an error happens.
public struct ElementDecoder {
    public let limits: DecodeLimits
    /// Elements decoded so far, over every tree this decoder has read.
    public private(set) var elementCount = 0
    private var ids: Set<String> = []
    private var frames: [Frame] = []

    /// One open element.
    struct Frame {
        var slot: ChildSlot
        /// The field whose value is being read (its key is part of an error's path).
        var field: ElementField?
        var fields = ElementFields()

        init(slot: ChildSlot) { self.slot = slot }
    }

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
        var decoded = try decodeTree(&r)
        if let token = decoded.alignSelfToken {
            guard let align = CSSTokens.alignSelf.lookup(token) else {
                throw Self.unknownAlignSelf(token, CSSTokens.alignSelf)
            }
            decoded.element.style.alignSelf = align
        }
        if let key = decoded.intrinsicKey { throw Self.intrinsicOutsideFlex(key) }
        return decoded.element
    }

    private mutating func decodeTree(_ r: inout JSONReader) throws(RequestError) -> DecodedElement {
        frames.removeAll(keepingCapacity: true)
        do throws(RequestError) {
            var hasMembers = try open(.root, &r)
            while true {
                if hasMembers {
                    hasMembers = try readMember(&r)
                    continue
                }
                // The top element is closed: build it and hand it to its parent.
                let decoded = try close()
                let finished = frames.removeLast()
                guard !frames.isEmpty else { return decoded }
                let top = frames.count - 1
                frames[top].fields.attach(decoded, at: finished.slot)
                if case .children(let index) = finished.slot, try r.arrayNext() {
                    hasMembers = try open(.children(index + 1), &r)
                    continue
                }
                hasMembers = try finishField(&r)
            }
        } catch {
            throw pathed(error)
        }
    }

    /// Pushes a frame for the element value at `slot` and consumes its `{`.
    /// Returns whether members follow.
    private mutating func open(_ slot: ChildSlot, _ r: inout JSONReader) throws(RequestError) -> Bool {
        frames.append(Frame(slot: slot))
        guard frames.count <= limits.maxElementDepth else {
            throw RequestError(.limitExceeded, "elements nested deeper than \(limits.maxElementDepth) levels")
        }
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            throw RequestError(.limitExceeded, "more than \(limits.maxElements) elements in one request")
        }
        return try r.contractObjectStart()
    }

    /// Reads one member of the top element. Returns whether more members
    /// follow; a member holding elements pushes a frame and returns true for it.
    private mutating func readMember(_ r: inout JSONReader) throws(RequestError) -> Bool {
        let top = frames.count - 1
        let key = try r.key()
        guard let field = ElementField.table.lookup(key) else {
            try r.skipExtension(key, context: "an element")
            return try r.objectNext()
        }
        if frames[top].fields.has(field) {
            throw RequestError(.invalidValue, "the key \"\(field.name)\" appears twice").at(field.name)
        }
        if let type = frames[top].fields.type, !field.belongs(to: type) {
            throw Self.foreignField(field, type)
        }
        frames[top].field = field
        switch field {
        case .children:
            guard try r.contractArrayStart() else { return try finishField(&r) }
            return try open(.children(0), &r)
        case .child: return try open(.child, &r)
        case .overlay: return try open(.overlay, &r)
        case .background: return try open(.background, &r)
        case .corner: return try open(.corner, &r)
        case .type: frames[top].fields.type = try Self.readType(&r)
        case .id:
            let id = try r.contractString()
            guard ids.insert(id).inserted else {
                throw RequestError(.duplicateID, "the id \"\(id)\" is already used in this tree")
            }
            frames[top].fields.id = id
        case .style: frames[top].fields.style = try StyleDecoder.decode(&r)
        default: try SpecFieldDecoder.decode(field, into: &frames[top].fields, &r)
        }
        return try finishField(&r)
    }

    /// Marks the top element's current field as read; returns whether more members follow.
    private mutating func finishField(_ r: inout JSONReader) throws(RequestError) -> Bool {
        let top = frames.count - 1
        if let field = frames[top].field {
            frames[top].fields.present |= field.bit
            frames[top].field = nil
        }
        return try r.objectNext()
    }

    /// Builds the top element once its object is closed.
    private mutating func close() throws(RequestError) -> DecodedElement {
        let top = frames.count - 1
        guard let type = frames[top].fields.type else {
            throw RequestError(.missingField, "an element needs a \"type\"; one of \(ElementType.table.namesList)")
        }
        for field in ElementField.allCases where frames[top].fields.has(field) && !field.belongs(to: type) {
            throw Self.foreignField(field, type)
        }
        try Self.resolvePending(&frames[top].fields, parent: type)
        var decoded = try ElementAssembly.assemble(type, &frames[top].fields)
        if type == .flex { decoded.intrinsicKey = nil }
        return decoded
    }

    /// The error's path from the tree's root: the field being read, then
    /// each open element's place in its parent.
    private func pathed(_ error: RequestError) -> RequestError {
        var error = error
        if let field = frames.last?.field { error = error.at(field.name) }
        for frame in frames.reversed() { error = frame.slot.wrap(error) }
        return error
    }

    private static func readType(_ r: inout JSONReader) throws(RequestError) -> ElementType {
        let kind = try r.peekKind()
        guard kind == .string else { throw r.wrongType("a string", got: kind) }
        let key = try r.scanKey()
        guard let type = ElementType.table.lookup(key) else {
            throw RequestError(
                .unknownElementType,
                "unknown element type \"\(key.string)\"; expected one of \(ElementType.table.namesList)")
        }
        return type
    }

    /// A child's alignSelf is read in its parent's vocabulary, and its
    /// intrinsic sizes need a flex parent (or the child being flex itself).
    private static func resolvePending(_ f: inout ElementFields, parent: ElementType) throws(RequestError) {
        guard !f.pending.isEmpty else { return }
        let vocabulary = parent == .flex ? CSSTokens.alignSelf : TextureTokens.alignSelf
        for check in f.pending {
            if let token = check.alignSelfToken {
                guard let align = vocabulary.lookup(token) else {
                    throw check.slot.wrap(unknownAlignSelf(token, vocabulary))
                }
                f.setAlignSelf(align, of: check.slot)
            }
            if let key = check.intrinsicKey, parent != .flex {
                throw check.slot.wrap(intrinsicOutsideFlex(key))
            }
        }
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
