import WeftCells
import WeftJSON
import WeftLayout

/// One cell object: every field openapi.yaml lists, and where its content's
/// parts sit (for its key, and for the content store that resolves refs).
extension ContainerRequestDecoder {
    /// A top-level cell: its tree located and grammar-checked but not built
    /// (the cell's node is pending), since trees are decoded later, on the pool.
    static func decodeCell(_ r: inout JSONReader) throws(RequestError) -> (Cell, CellSource) {
        try decodeCell(&r) { (tree: inout JSONReader) throws(RequestError) in try tree.checkValue() }
    }

    /// A cell, its tree only located (pending): `stepOver` moves past it. A
    /// nested container's cell, whose bytes were grammar-checked with the
    /// tree that holds it, is stepped over without reading it again.
    static func decodeCell(
        _ r: inout JSONReader, stepOver: (inout JSONReader) throws(RequestError) -> Void
    ) throws(RequestError) -> (Cell, CellSource) {
        // The fields first, the cell once: its tree and style share one box.
        var id: String?, kind = CellKind.node, nodeSent = false, style = Style()
        var size: Size?, constrainedSize: SizeRange?, accessoryType = AccessoryType.none, separatorInset = Edges.none
        var selectionStyle = SelectionStyle.default, neverShowPlaceholders = false
        var source = CellSource()
        var present = KeysSeen<CellKey>()
        guard try r.contractObjectStart() else { return (Cell(), source) }
        repeat {
            let key = try r.key()
            guard let field = CellKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a cell")
                continue
            }
            do throws(RequestError) {
                guard present.insert(field) else { throw RequestError.twice(field.rawValue) }
                let start = r.offset
                switch field {
                case .id: id = try r.contractString()
                case .kind: kind = try r.contractToken(ContainerTokens.cellKind)
                case .node:
                    let valueKind = try r.peekKind()
                    guard valueKind == .object else { throw r.wrongType("an element object", got: valueKind) }
                    try stepOver(&r)
                    nodeSent = true
                    source.node = NodeSource(range: start..<r.offset)
                case .style:
                    style = try decodeCellStyle(&r)
                    source.style = start..<r.offset
                case .size:
                    size = try r.contractSize(missing: 0)
                    source.size = start..<r.offset
                case .constrainedSize: constrainedSize = try r.contractSizeRange()
                case .accessoryType: accessoryType = try r.contractToken(ContainerTokens.accessoryType)
                case .separatorInset: separatorInset = try r.contractEdges(ContainerTokens.insetRules)
                case .selectionStyle: selectionStyle = try r.contractToken(ContainerTokens.selectionStyle)
                case .neverShowPlaceholders: neverShowPlaceholders = try r.contractBool()
                case .ref:
                    let ref = try r.contractString()
                    guard ContentKey.isWellFormed(ref) else {
                        throw RequestError(
                            .invalidValue,
                            "\"\(ref.excerpt)\" is not a cell key: send back a `key` from an answer (\(ContentKey.length) URL-safe characters starting c1)")
                    }
                    source.ref = ref
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        if source.ref != nil, let content = CellKey.content.first(where: { present.contains($0) }) {
            throw RequestError(
                .invalidValue,
                "a cell sent as a ref takes its \(content.rawValue) from the ref: send one or the other",
                reversedPath: [.key(content.rawValue)])
        }
        let cell = Cell(
            id: id, kind: kind, node: nil, nodePending: nodeSent, style: style, size: size,
            constrainedSize: constrainedSize, accessoryType: accessoryType, separatorInset: separatorInset,
            selectionStyle: selectionStyle, neverShowPlaceholders: neverShowPlaceholders)
        return (cell, source)
    }

    /// A cell node's own style: Texture's vocabulary for `alignSelf` (its
    /// parent is the container, not a flex), no intrinsic sizes.
    private static func decodeCellStyle(_ r: inout JSONReader) throws(RequestError) -> Style {
        var style = Style()
        var pending = StylePending()
        try StyleDecoder.decode(&r, into: &style, pending: &pending)
        if let token = pending.alignSelfToken {
            guard let align = TextureTokens.alignSelf.lookup(token) else {
                throw ElementDecoder.unknownAlignSelf(token, TextureTokens.alignSelf).dropFirstStyle()
            }
            style.alignSelf = align
        }
        if let key = pending.intrinsicKey {
            throw ElementDecoder.intrinsicOutsideFlex(key).dropFirstStyle()
        }
        if let key = pending.hugeSize {
            throw ElementDecoder.sizeOutsideTexture(key).dropFirstStyle()
        }
        return style
    }
}

extension RequestError {
    /// The element decoder's style errors carry `/style/...`; a cell's style
    /// is already under `/style`, added while unwinding.
    func dropFirstStyle() -> RequestError {
        var copy = self
        if case .key("style")? = copy.reversedPath.last { copy.reversedPath.removeLast() }
        return copy
    }
}
