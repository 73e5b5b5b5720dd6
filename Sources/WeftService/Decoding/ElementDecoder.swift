import WeftCells
import WeftJSON
import WeftLayout

/// Decodes element trees from a `JSONReader` straight into `Element` values,
/// enforcing the element contract of openapi.yaml. Shared by the node request decoder
/// and (for each cell's `node`) the container request decoder.
///
/// It does not recurse: open elements live in a heap stack of frames, so
/// the thread's stack use is the same for a flat tree and for one at the
/// depth limit. The JSON Pointer of an error is rebuilt from that stack only
/// when an error happens. Use one decoder per request: copies share their
/// frame buffer.
public struct ElementDecoder {
    /// The limits this decoder enforces.
    public let limits: DecodeLimits
    /// Elements decoded so far, over every tree this decoder has read.
    public internal(set) var elementCount = 0
    /// Element levels above this decoder's trees: a tree inside a nested
    /// container's cell counts its depth from the enclosing tree's.
    var depthOffset = 0
    private var ids = IDSet()
    private let frames: FrameStack
    /// The frames of the decoders of nested containers' cells, made once and
    /// shared by every container this decoder meets.
    var nestedFrames: FrameStack?
    /// Remarks about the trees read so far (openapi.yaml: a `view` should carry
    /// `preferredSize`), found while decoding so that no second walk is needed.
    public internal(set) var warnings: [RequestWarning] = []
    /// Where the cells of nested containers find content sent as refs, and
    /// keep content sent whole for later refs; nil: every ref is unknown.
    var cellContent: NestedCellContent?
    /// Shared by every nested container of the tree, at any depth.
    var nestedLayouts: NestedLayoutMemo?
    /// The parts of nested containers' cells, hashed with the tree being
    /// read (by where each cell starts in its bytes); a cell not found here
    /// is hashed on its own for its key.
    var nestedCellHashes = NestedCellHashes()
    /// How many `container` elements the trees read so far hold, at any
    /// depth: only a tree that holds one is walked for their warnings.
    var containersRead = 0
    /// The nested cells whose refs the content store does not know: a 409.
    public internal(set) var unknownRefs: [RequestPath] = []
    /// Families already warned about (lowercased): one warning per family and request.
    var reportedFamilies: Set<String> = []
    /// Every family the trees read so far ask for, as sent.
    var namedFamilies: Set<String> = []
    /// Which views without a size get a warning.
    public var viewWarnings = ViewWarnings.everywhere
    /// Every text element lists its line boxes (`?lines=1`), as if it set `"lines": true`.
    public var reportsLinesOfEveryText = false
    /// The texts read so far that list their line boxes: only their trees
    /// are counted against `ReportedLines.limit`.
    var textsReportingLines = 0
    /// Nested containers' cells keep their laid-out trees beside their
    /// encoded layouts (a flattened node answer lists their elements).
    var keepsNestedTrees = false
    /// Where the tree being decoded sits in the request, for warning paths.
    var treePath = RequestPath()

    /// One open element.
    struct Frame {
        var slot: ChildSlot
        /// The field whose value is being read (its key is part of an error's path).
        var field: ElementField?
        var fields = ElementFields()

        init(slot: ChildSlot) { self.slot = slot }
    }

    /// A decoder that enforces `limits`, for one request.
    public init(limits: DecodeLimits = .standard) {
        self.init(limits: limits, frames: FrameStack())
    }

    /// A decoder whose open elements live in `frames`, which no other decoder
    /// is using at the same time.
    init(limits: DecodeLimits, frames: FrameStack) {
        self.limits = limits
        self.frames = frames
    }

    /// Ids are unique within one node request or one cell: a container
    /// decoder starts a new scope per cell.
    public mutating func beginIDScope() {
        ids.removeAll()
    }

    /// Decodes a tree's root. A root has no parent, so its `alignSelf` is
    /// read with the flex vocabulary (the widest; the value means nothing),
    /// and intrinsic sizes (`max-content`, ...) need the root to be `flex`.
    /// `path` is where the tree sits in the request (`/root`,
    /// `/sections/0/items/3/node`); warnings are reported under it.
    package mutating func decodeRoot(_ r: inout JSONReader, at path: RequestPath = RequestPath()) throws(RequestError)
        -> Element
    {
        treePath = path
        var decoded = try decodeTree(&r)
        if let token = decoded.alignSelfToken {
            guard let align = CSSTokens.alignSelf.lookup(token) else {
                throw Self.unknownAlignSelf(token, CSSTokens.alignSelf)
            }
            decoded.element.style.alignSelf = align
        }
        if let key = decoded.intrinsicKey { throw Self.intrinsicOutsideFlex(key) }
        if let key = decoded.hugeSize { throw Self.sizeOutsideTexture(key) }
        return decoded.element
    }

    /// The open elements are frames `0...depth` of the frame stack (on the
    /// heap, so depth costs no thread stack); siblings in a `children` array
    /// reuse the same frame one after the other.
    private mutating func decodeTree(_ r: inout JSONReader) throws(RequestError) -> DecodedElement {
        var depth = 0
        var current = frames.fresh(at: 0, slot: .root)
        do throws(RequestError) {
            var hasMembers = try open(current, depth: 1, &r)
            while true {
                if hasMembers {
                    if let slot = try readMember(current, depth: depth, &r) {
                        // The member holds an element: descend into it.
                        depth += 1
                        current = frames.fresh(at: depth, slot: slot)
                        hasMembers = try open(current, depth: depth + 1, &r)
                    } else {
                        hasMembers = try finishField(current, &r)
                    }
                    continue
                }
                // `current` is closed: complete it and hand it to its parent.
                try close(current)
                // By `type`, not by the element's kind: matching the kind
                // through the pointer copied the whole element.
                let type = current.pointee.fields.type
                if type == .view && viewWarnings.covers(depth: depth) { noteView(depth: depth) }
                if type == .text {
                    if current.pointee.fields.reportsLines { textsReportingLines += 1 }
                    try noteFont(current.pointee.fields.font, depth: depth)
                    if let spans = current.pointee.fields.spans {
                        try noteSpanFonts(spans, in: "spans", element: current.pointee.fields.font, depth: depth)
                    }
                    if let token = current.pointee.fields.truncationText {
                        try noteSpanFonts(token, in: "truncationText", element: current.pointee.fields.font, depth: depth)
                    }
                }
                guard depth > 0 else {
                    let pending = current.pointee.fields.stylePending
                    return DecodedElement(
                        element: ElementFields.takeElement(current.pointer(to: \.fields.element)!),
                        alignSelfToken: pending.alignSelfToken, intrinsicKey: pending.intrinsicKey,
                        hugeSize: pending.hugeSize)
                }
                let slot = current.pointee.slot
                let parent = frames.frame(at: depth - 1)
                parent.pointee.fields.attach(
                    movingFrom: current.pointer(to: \.fields.element)!, pending: current.pointee.fields.stylePending,
                    at: slot)
                if case .children(let index) = slot, try r.arrayNext() {
                    current = frames.fresh(at: depth, slot: .children(index + 1))
                    hasMembers = try open(current, depth: depth + 1, &r)
                    continue
                }
                depth -= 1
                current = parent
                hasMembers = try finishField(current, &r)
            }
        } catch {
            // The path: the field being read, then each open element's place.
            var error = error
            if let field = current.pointee.field { error = error.at(field.name) }
            for level in stride(from: depth, through: 0, by: -1) {
                error = frames.frame(at: level).pointee.slot.wrap(error)
            }
            frames.clear(through: depth)
            throw error
        }
    }

    /// Consumes the `{` of a newly entered element; returns whether members follow.
    private mutating func open(
        _ frame: UnsafeMutablePointer<Frame>, depth: Int, _ r: inout JSONReader
    ) throws(RequestError) -> Bool {
        guard depthOffset + depth <= limits.maxElementDepth else {
            throw RequestError(.limitExceeded, "elements nested deeper than \(limits.maxElementDepth) levels")
        }
        try countElement()
        return try r.contractObjectStart()
    }

    /// Counts one more element (a nested container's cells and sections count
    /// as elements too) against the request's limit.
    mutating func countElement() throws(RequestError) {
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            throw RequestError(.limitExceeded, "more than \(limits.maxElements) elements in one request")
        }
    }

    /// Reads one member of `frame`. Returns the slot of a child element to
    /// descend into (its `{` not yet read), or nil when the member is done
    /// and `finishField` comes next.
    private mutating func readMember(
        _ frame: UnsafeMutablePointer<Frame>, depth: Int, _ r: inout JSONReader
    ) throws(RequestError) -> ChildSlot? {
        let key = try r.key()
        guard let field = ElementField.table.lookup(key) else {
            try r.skipExtension(key, context: "an element")
            return nil
        }
        // Field reads only: a method call on `pointee.fields` would copy the ~400-byte struct.
        if frame.pointee.fields.present & field.bit != 0 {
            throw RequestError(.invalidValue, "the key \"\(field.name)\" appears twice").at(field.name)
        }
        if let type = frame.pointee.fields.type, type.fieldMask & field.bit == 0 {
            throw Self.foreignField(field, type)
        }
        frame.pointee.field = field
        switch field {
        case .children:
            return try r.contractArrayStart() ? .children(0) : nil
        case .child: return .child
        case .overlay: return .overlay
        case .background: return .background
        case .corner: return .corner
        case .type: frame.pointee.fields.type = try Self.readType(&r)
        case .id:
            // Checked for uniqueness as bytes; the String is made once.
            let kind = try r.peekKind()
            guard kind == .string else { throw r.wrongType("a string", got: kind) }
            let id = try r.scanKey()
            guard id.withUTF8({ ids.insert($0) }) else {
                throw RequestError(.duplicateID, "the id \"\(id.string)\" is already used in this tree")
            }
            frame.pointee.fields.element.id = id.string
        case .style:
            try StyleDecoder.decode(&r, into: &frame.pointee.fields)
        case .container, .items, .sections:
            try decodeNestedField(field, into: frame, depth: depth, &r)
        default: try SpecFieldDecoder.decode(field, into: &frame.pointee.fields, &r)
        }
        return nil
    }

    /// Marks the current field as read; returns whether more members follow.
    private func finishField(_ frame: UnsafeMutablePointer<Frame>, _ r: inout JSONReader) throws(RequestError) -> Bool {
        if let field = frame.pointee.field {
            frame.pointee.fields.present |= field.bit
            frame.pointee.field = nil
        }
        return try r.objectNext()
    }

    /// A family that is not available gets one warning per request, at the
    /// first text asking for it, naming the family drawn instead.
    private mutating func noteFont(_ font: FontDescriptor, depth: Int) throws(RequestError) {
        try countFamily(font.family, at: [.key("family"), .key("font")])
        guard let used = FontFallbacks.shared.substitute(for: font),
            reportedFamilies.insert(font.family.lowercased()).inserted
        else { return }
        warnings.append(RequestWarning.fontFallback(requested: font.family, used: used, at: elementPath(depth: depth)))
    }

    /// Spans (of the text, or of its truncation token: `field`) that name a
    /// family of their own are checked like the element's font.
    private mutating func noteSpanFonts(
        _ spans: [SpanFields], in field: String, element: FontDescriptor, depth: Int
    ) throws(RequestError) {
        for (index, span) in spans.enumerated() {
            guard let family = span.font.family else { continue }
            try countFamily(family, at: [.key("family"), .key("font"), .index(index), .key(field)])
            guard !reportedFamilies.contains(family.lowercased()) else { continue }
            let font = span.font.applied(to: element)
            guard let used = FontFallbacks.shared.substitute(for: font) else { continue }
            reportedFamilies.insert(family.lowercased())
            let path = elementPath(depth: depth).appending(.key(field)).appending(.index(index))
            warnings.append(RequestWarning.fontFallback(requested: family, used: used, at: path))
        }
    }

    /// Counts a family the tree asks for; past `DecodeLimits.maxFontFamilies`
    /// distinct names, a 422 at `reversedPath` (from the text element): the
    /// first text asking for a family the machine lacks costs a font lookup
    /// of about a millisecond, so a tree of made-up names was seconds of work.
    private mutating func countFamily(_ family: String, at reversedPath: [RequestPath.Component]) throws(RequestError) {
        guard namedFamilies.insert(family).inserted, namedFamilies.count > DecodeLimits.maxFontFamilies else { return }
        throw RequestError(
            .limitExceeded, "more than \(DecodeLimits.maxFontFamilies) font families in one tree", reversedPath: reversedPath)
    }

    /// The path of the element open at `depth`, with room for `extra`
    /// components more: one allocation, however deep.
    func elementPath(depth: Int, reserving extra: Int = 0) -> RequestPath {
        var components: [RequestPath.Component] = []
        components.reserveCapacity(treePath.components.count + 2 * depth + extra)
        components += treePath.components
        for level in stride(from: 1, through: depth, by: 1) {
            frames.frame(at: level).pointee.slot.append(to: &components)
        }
        return RequestPath(components)
    }

    /// The views whose missing size a decoder warns about.
    public enum ViewWarnings: Sendable {
        /// Every view: a node request's tree.
        case everywhere
        /// Every view but the root: a cell's tree, whose root view WeftCells
        /// warns about as a view cell (the cell's own style may carry its size).
        case belowRoot
        /// None: a tree read for something else (its refs), not answered.
        case nowhere

        func covers(depth: Int) -> Bool {
            switch self {
            case .everywhere: return true
            case .belowRoot: return depth > 0
            case .nowhere: return false
            }
        }
    }

    /// A view without both a width and a height in points gets a warning.
    private mutating func noteView(depth: Int) {
        let frame = frames.frame(at: depth)
        if case .points = frame.pointee.fields.element.style.width,
            case .points = frame.pointee.fields.element.style.height
        {
            return
        }
        warnings.append(RequestWarning.viewWithoutSize(at: elementPath(depth: depth)))
    }

    /// Completes an element once its object is closed.
    private func close(_ frame: UnsafeMutablePointer<Frame>) throws(RequestError) {
        guard let type = frame.pointee.fields.type else {
            throw RequestError(.missingField, "an element needs a \"type\"; one of \(ElementType.table.namesList)")
        }
        // Each present field must belong to the type (checked here when `type` came last).
        let foreign = frame.pointee.fields.present & ~type.fieldMask
        if foreign != 0, let field = ElementField(rawValue: foreign.trailingZeroBitCount) {
            throw Self.foreignField(field, type)
        }
        try Self.resolvePending(&frame.pointee.fields, parent: type)
        if reportsLinesOfEveryText, type == .text { frame.pointee.fields.reportsLines = true }
        try ElementAssembly.assemble(type, &frame.pointee.fields)
        if type == .flex {
            frame.pointee.fields.stylePending.intrinsicKey = nil
            frame.pointee.fields.stylePending.hugeSize = nil
        }
    }

    private static func readType(_ r: inout JSONReader) throws(RequestError) -> ElementType {
        let kind = try r.peekKind()
        guard kind == .string else { throw r.wrongType("a string", got: kind) }
        let key = try r.scanKey()
        guard let type = ElementType.table.lookup(key) else {
            throw RequestError(
                .unknownElementType,
                "unknown element type \"\(key.string.excerpt)\"; expected one of \(ElementType.table.namesList)")
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
            if let key = check.hugeSize, parent != .flex {
                throw check.slot.wrap(sizeOutsideTexture(key))
            }
        }
    }

    static func foreignField(_ field: ElementField, _ type: ElementType) -> RequestError {
        RequestError(.unknownKey, "\"\(field.name)\" is not a field of a \(type.rawValue) element").at(field.name)
    }

    static func unknownAlignSelf<T>(_ token: String, _ vocabulary: KeyTable<T>) -> RequestError {
        RequestError(
            .unknownToken, "unknown alignSelf \"\(token.excerpt)\" for this parent; expected one of \(vocabulary.namesList)"
        ).at("alignSelf").at("style")
    }

    static func sizeOutsideTexture(_ huge: HugeStyleSize) -> RequestError {
        var error = RequestError(
            .invalidValue,
            "a size of 1e7 points or more is no valid size to Texture's layout specs (ASPointsValidForSize); only a flex element or a flex item takes one")
        error.reversedPath.append(contentsOf: huge.components.reversed())
        return error.at("style")
    }

    static func intrinsicOutsideFlex(_ key: StyleKey) -> RequestError {
        RequestError(
            .invalidValue,
            "\"max-content\", \"fit-content\" and \"stretch\" apply only to flex elements and their children"
        ).at(key.rawValue).at("style")
    }
}
