import WeftCells
import WeftLayout

/// One cell object: every field openapi.yaml lists, its tree located and
/// grammar-checked but not built.
extension ContainerRequestDecoder {
    static func decodeCell(_ r: inout JSONReader) throws(RequestError) -> (Cell, NodeSource?) {
        var cell = Cell()
        var source: NodeSource?
        var present: UInt16 = 0
        guard try r.contractObjectStart() else { return (cell, nil) }
        repeat {
            let key = try r.key()
            guard let field = CellKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a cell")
                continue
            }
            do throws(RequestError) {
                guard present & field.bit == 0 else { throw twice(field.rawValue) }
                present |= field.bit
                switch field {
                case .id: cell.id = try r.contractString()
                case .kind: cell.kind = try r.contractToken(ContainerTokens.cellKind)
                case .node:
                    let kind = try r.peekKind()
                    guard kind == .object else { throw r.wrongType("an element object", got: kind) }
                    let start = r.offset
                    try r.checkValue()
                    source = NodeSource(range: start..<r.offset)
                    cell.node = pendingNode
                case .style: cell.style = try decodeCellStyle(&r)
                case .size: cell.size = try r.contractSize(missing: 0)
                case .constrainedSize: cell.constrainedSize = try r.contractSizeRange()
                case .accessoryType: cell.accessoryType = try r.contractToken(ContainerTokens.accessoryType)
                case .separatorInset: cell.separatorInset = try r.contractEdges(ContainerTokens.insetRules)
                case .selectionStyle: cell.selectionStyle = try r.contractToken(ContainerTokens.selectionStyle)
                case .neverShowPlaceholders: cell.neverShowPlaceholders = try r.contractBool()
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
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
