import WeftCells
import WeftJSON
import WeftLayout

/// A `container` element's fields while it is read: the `container` object
/// and its cells, with each cell's tree decoded and its content key.
final class NestedContainerFields {
    var container: Container?
    var boundsGiven = false
    var sections: [Section]?
    var keys: [SectionKeys] = []
    var trees: [NestedCells.SectionTrees] = []
    var shorthand = false
    /// Where the cells' layouts are found and kept, and whether texts list their lines.
    var cache: CellLayoutCache?
    var memo: NestedLayoutMemo?
    var reportsLines = false
    var keepsTrees = false

    /// The element's kind payload once its object is closed: the request,
    /// checked as a container request is (its paths under the element).
    static func content(_ fields: NestedContainerFields?) throws(RequestError) -> NestedContainer {
        guard let fields, let container = fields.container else {
            throw RequestError(.missingField, "a container element needs a \"container\"")
        }
        guard let sections = fields.sections else {
            throw RequestError(.missingField, "a container element needs \"items\" or \"sections\"")
        }
        var request = ContainerRequest(container: container, sections: sections, usesItemsShorthand: fields.shorthand)
        if !fields.boundsGiven {
            // Any positive bounds: the real ones follow the element's size at layout.
            request.container.bounds = Size(width: 1, height: 1)
        }
        if let first = ContainerValidation.validate(request, nested: true).first {
            throw first.requestError
        }
        let cells = NestedCells(
            trees: fields.trees, cache: fields.cache, memo: fields.memo, reportsLines: fields.reportsLines,
            keepsTrees: fields.keepsTrees)
        return NestedContainer(request: request, boundsGiven: fields.boundsGiven, keys: fields.keys, cells: cells)
    }
}

/// Reading a `container` element's `container`, `items` and `sections`.
/// Each cell's tree is decoded by a decoder of its own that carries on this
/// one's counts: elements and nested cells count against the request's
/// limits, and depth continues from the container element's.
extension ElementDecoder {
    mutating func decodeNestedField(
        _ field: ElementField, into frame: UnsafeMutablePointer<Frame>, depth: Int, _ r: inout JSONReader
    ) throws(RequestError) {
        if frame.pointee.fields.nested == nil { containersRead += 1 }
        let nested = frame.pointee.fields.nested ?? NestedContainerFields()
        frame.pointee.fields.nested = nested
        switch field {
        case .container:
            (nested.container, nested.boundsGiven) = try ContainerRequestDecoder.decodeContainer(&r, boundsRequired: false)
        case .items, .sections:
            if nested.sections != nil {
                throw RequestError(.invalidValue, "send either \"sections\" or the \"items\" shorthand, not both")
            }
            // Room for `items`, an index and `node`: each cell's tree path.
            var path = elementPath(depth: depth, reserving: 3)
            let innerFrames = nestedFrames ?? FrameStack()
            nestedFrames = innerFrames
            var inner = ElementDecoder(limits: limits, frames: innerFrames)
            inner.depthOffset = depthOffset + depth + 1
            inner.elementCount = elementCount
            // The families warned about and the hashed parts move in, and back
            // out below: copies would cost a reference count each per container.
            swap(&inner.reportedFamilies, &reportedFamilies)
            swap(&inner.namedFamilies, &namedFamilies)
            inner.viewWarnings = .belowRoot
            inner.reportsLinesOfEveryText = reportsLinesOfEveryText
            inner.keepsNestedTrees = keepsNestedTrees
            inner.cellContent = cellContent
            let memo = nestedLayouts ?? NestedLayoutMemo()
            nestedLayouts = memo
            inner.nestedLayouts = memo
            nested.memo = memo
            swap(&inner.nestedCellHashes, &nestedCellHashes)
            nested.cache = cellContent?.cache.flatMap { $0.isEnabled ? $0 : nil }
            nested.reportsLines = reportsLinesOfEveryText
            nested.keepsTrees = keepsNestedTrees
            if field == .items {
                // The shorthand's one section counts as an element, as a section sent whole does.
                try inner.countElement()
                nested.shorthand = true
                var keys = SectionKeys()
                var trees = NestedCells.SectionTrees()
                path.components.append(.key("items"))
                let items = try inner.decodeNestedItems(&r, at: path, keys: &keys.items, trees: &trees.items)
                nested.sections = [Section(items: items)]
                nested.keys = [keys]
                nested.trees = [trees]
            } else {
                path.components.append(.key("sections"))
                (nested.sections, nested.keys, nested.trees) = try inner.decodeNestedSections(&r, at: path)
            }
            elementCount = inner.elementCount
            containersRead += inner.containersRead
            textsReportingLines += inner.textsReportingLines
            swap(&reportedFamilies, &inner.reportedFamilies)
            swap(&namedFamilies, &inner.namedFamilies)
            swap(&nestedCellHashes, &inner.nestedCellHashes)
            warnings += inner.warnings
            unknownRefs += inner.unknownRefs
        default:
            preconditionFailure("not a container field")
        }
    }

    private mutating func decodeNestedSections(
        _ r: inout JSONReader, at path: RequestPath
    ) throws(RequestError) -> ([Section], [SectionKeys], [NestedCells.SectionTrees]) {
        var sections: [Section] = []
        var keys: [SectionKeys] = []
        var trees: [NestedCells.SectionTrees] = []
        guard try r.contractArrayStart() else { return (sections, keys, trees) }
        repeat {
            let s = sections.count
            // A section counts as an element, as a cell does: every nesting
            // level's sections together stay under the request's limit.
            do throws(RequestError) { try countElement() } catch { throw error.at(s) }
            guard s < ContainerLimits.maxSections else {
                throw ContainerLimits.tooManySections(path: RequestPath([.index(s)])).requestError
            }
            do throws(RequestError) {
                let (section, sectionKeys, sectionTrees) = try decodeNestedSection(&r, at: path.appending(.index(s)))
                sections.append(section)
                keys.append(sectionKeys)
                trees.append(sectionTrees)
            } catch {
                throw error.at(s)
            }
        } while try r.arrayNext()
        return (sections, keys, trees)
    }

    private mutating func decodeNestedSection(
        _ r: inout JSONReader, at path: RequestPath
    ) throws(RequestError) -> (Section, SectionKeys, NestedCells.SectionTrees) {
        var section = Section()
        var keys = SectionKeys()
        var trees = NestedCells.SectionTrees()
        var seen = KeysSeen<SectionKey>()
        guard try r.contractObjectStart() else { return (section, keys, trees) }
        repeat {
            let key = try r.key()
            guard let field = SectionKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a section")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(field) else { throw RequestError.twice(field.rawValue) }
                let fieldPath = path.appending(.key(field.rawValue))
                switch field {
                case .id: section.id = try r.contractString()
                case .header:
                    (section.header, keys.header, trees.header) = try decodeNestedCell(
                        &r, nodePath: fieldPath.appending(.key("node")))
                case .footer:
                    (section.footer, keys.footer, trees.footer) = try decodeNestedCell(
                        &r, nodePath: fieldPath.appending(.key("node")))
                case .items: section.items = try decodeNestedItems(&r, at: fieldPath, keys: &keys.items, trees: &trees.items)
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        return (section, keys, trees)
    }

    private mutating func decodeNestedItems(
        _ r: inout JSONReader, at path: consuming RequestPath, keys: inout [CellContentKey?], trees: inout [NestedCells.Tree?]
    ) throws(RequestError) -> [Cell] {
        var items: [Cell] = []
        var pending: [PendingTree?] = []
        guard try r.contractArrayStart() else { return items }
        // A strip's handful of cells in one allocation per list, not one per doubling.
        items.reserveCapacity(16)
        pending.reserveCapacity(16)
        keys.reserveCapacity(16)
        trees.reserveCapacity(16)
        // The reads append their parts to these lists themselves: returned
        // in a struct, each cell and key was copied into its list.
        // One path for every item's tree, its index rewritten in place.
        var nodePath = path
        nodePath.components.append(.index(0))
        nodePath.components.append(.key("node"))
        // Every cell's fields, then every cell's tree: each of the two loops
        // stays in the instruction cache from one cell to the next, where
        // one loop through both missed it at every cell.
        repeat {
            var steppedOver: SteppedTree?
            do throws(RequestError) {
                try readNestedCell(&r, steppedOver: &steppedOver, into: &items, &keys, &trees, &pending)
            } catch {
                // The trees before the fault come first in the document: the
                // earlier cells', and the faulty cell's own if it came first.
                try decodeNestedTrees(&items, &trees, pending, r, nodePath: &nodePath)
                nodePath.components[nodePath.components.count - 2] = .index(items.count)
                do throws(RequestError) {
                    try decodeTree(before: error, steppedOver, r, nodePath: nodePath)
                } catch {
                    throw error.at(items.count)
                }
            }
        } while try r.arrayNext()
        try decodeNestedTrees(&items, &trees, pending, r, nodePath: &nodePath)
        return items
    }

    /// The trees `readNestedCell` left, cell by cell; an error carries the
    /// index of its cell.
    private mutating func decodeNestedTrees(
        _ cells: inout [Cell], _ trees: inout [NestedCells.Tree?], _ pending: [PendingTree?], _ r: JSONReader,
        nodePath: inout RequestPath
    ) throws(RequestError) {
        for i in pending.indices {
            guard let step = pending[i] else { continue }
            nodePath.components[nodePath.components.count - 2] = .index(i)
            do throws(RequestError) {
                try decodeNestedTree(&cells[i], &trees[i], step, r, nodePath: nodePath)
            } catch {
                throw error.at(i)
            }
        }
    }

    /// One cell (`nodePath`: where its tree sits), fields and tree.
    private mutating func decodeNestedCell(
        _ r: inout JSONReader, nodePath: RequestPath
    ) throws(RequestError) -> (Cell, CellContentKey?, NestedCells.Tree?) {
        var steppedOver: SteppedTree?
        var (cells, keys, trees, pending) = ([Cell](), [CellContentKey?](), [NestedCells.Tree?](), [PendingTree?]())
        do throws(RequestError) {
            try readNestedCell(&r, steppedOver: &steppedOver, into: &cells, &keys, &trees, &pending)
        } catch {
            try decodeTree(before: error, steppedOver, r, nodePath: nodePath)
        }
        if let step = pending[0] { try decodeNestedTree(&cells[0], &trees[0], step, r, nodePath: nodePath) }
        return (cells[0], keys[0], trees[0])
    }

    /// Throws `fault`, a cell's error found while its fields were read, or
    /// first the error of the tree that came before it in that cell.
    private mutating func decodeTree(
        before fault: RequestError, _ steppedOver: SteppedTree?, _ r: JSONReader, nodePath: RequestPath
    ) throws(RequestError) -> Never {
        if let steppedOver {
            var cell = Cell()
            var tree: NestedCells.Tree?
            try decodeNestedTree(&cell, &tree, .body(steppedOver), r, nodePath: nodePath)
        }
        throw fault
    }

    /// A tree the first step stepped over: its value's bytes in the body,
    /// and the reader's depth there.
    private struct SteppedTree {
        var range: Range<Int>
        var depth: Int
    }

    /// What the second step does for a cell.
    private enum PendingTree {
        /// Decodes the tree the first step stepped over in the body.
        case body(SteppedTree)
        /// Decodes the tree of the content a ref named, at `node` in its bytes.
        case stored(StoredCell, node: NodeSource)
        /// Notes the ref as unknown, where the cell sits.
        case unknownRef
    }

    /// One cell's fields and content key, its tree stepped over (the hash
    /// pass found where it sits): `steppedOver` says where, also when a
    /// later field fails. A cell counts as an element, so a request's
    /// nested cells are bounded with its elements.
    private mutating func readNestedCell(
        _ r: inout JSONReader, steppedOver: inout SteppedTree?, into cells: inout [Cell], _ keys: inout [CellContentKey?],
        _ trees: inout [NestedCells.Tree?], _ pending: inout [PendingTree?]
    ) throws(RequestError) {
        // A nested cell is read in two steps: its fields and content key
        // here, its tree (`pending`) once every cell of its list is read.
        func read(_ cell: consuming Cell, key: CellContentKey?, tree: NestedCells.Tree? = nil, pending step: PendingTree? = nil) {
            cells.append(cell)
            keys.append(key)
            trees.append(tree)
            pending.append(step)
        }
        try countElement()
        _ = r.peekByte()
        let start = r.offset
        let parts = nestedCellHashes.parts(at: start)
        var (cell, source) = try ContainerRequestDecoder.decodeCell(&r) {
            (tree: inout JSONReader) throws(RequestError) in
            let (valueStart, depth) = (tree.offset, tree.depth)
            // Only the value the hash pass saw there: a second `node` is read, and refused.
            if let value = parts?.nodeValue, value.lowerBound == valueStart {
                tree.skipRead(to: value.upperBound)
            } else {
                try tree.checkValue()
            }
            steppedOver = SteppedTree(range: valueStart..<tree.offset, depth: depth)
        }
        guard let ref = source.ref else {
            let (key, nodeHash) = parts.map { parts in
                (ContentKey.make(kind: cell.kind, node: parts.node, size: parts.size, style: parts.style), parts.node)
            } ?? ContentKey.of(cell.kind, source, in: r.bytes)
            cellContent?.store.remember(key, writes: cellContent?.writes) {
                StoredCell(cell, source, in: r.bytes, nodeHash: nodeHash)
            }
            guard source.node != nil, let steppedOver else { return read(consume cell, key: key) }
            return read(consume cell, key: key, tree: NestedCells.Tree(hash: nodeHash), pending: .body(steppedOver))
        }
        guard let content = cellContent?.store.contents(for: [ref])[0] else {
            // The request is answered 409 before any layout: the tree only
            // has to count as sent, for validation.
            cell.markNodePending()
            return read(consume cell, key: CellContentKey(text: ref), pending: .unknownRef)
        }
        cell.kind = content.kind
        cell.size = content.size
        cell.style = content.style
        let key = CellContentKey(text: ref)
        guard let node = content.source.node else { return read(consume cell, key: key) }
        read(consume cell, key: key, pending: .stored(content, node: node))
    }

    /// The second step of `readNestedCell`: the cell's tree decoded where
    /// it stands, in an id scope of its own.
    private mutating func decodeNestedTree(
        _ cell: inout Cell, _ tree: inout NestedCells.Tree?, _ step: PendingTree, _ r: JSONReader, nodePath: RequestPath
    ) throws(RequestError) {
        beginIDScope()
        let containersBefore = containersRead
        let linesBefore = textsReportingLines
        defer { treePath = RequestPath() }
        switch step {
        case .unknownRef:
            unknownRefs.append(RequestPath(Array(nodePath.components.dropLast())))
            return
        case .body(let stepped):
            var reader = r.rewound(to: stepped.range.lowerBound, depth: stepped.depth)
            do throws(RequestError) {
                cell.takeTree(try decodeRoot(&reader, at: nodePath))
            } catch {
                throw error.at("node")
            }
        case .stored(let content, let node):
            // Other bytes: the parts found by offset in this tree do not apply there.
            let found = nestedCellHashes
            nestedCellHashes = NestedCellHashes()
            defer { nestedCellHashes = found }
            do throws(RequestError) {
                try content.bytes.withUnsafeBufferPointer { (stored: UnsafeBufferPointer<UInt8>) throws(RequestError) in
                    var reader = JSONReader(UnsafeBufferPointer(rebasing: stored[node.range]), maxDepth: r.maxDepth)
                    cell.takeTree(try decodeRoot(&reader, at: nodePath))
                }
            } catch {
                // The stored tree is not in the request: a fault in it (the
                // element limit, say) is the ref'd cell's, which the client
                // can re-send in full.
                var atCell = error
                atCell.reversedPath = []
                throw atCell
            }
            tree = NestedCells.Tree(hash: node.hash)
        }
        tree?.holdsContainer = containersRead > containersBefore
        tree?.reportsLines = textsReportingLines > linesBefore
    }
}
