import WeftCells
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
        if let first = ContainerValidation.validate(request).first {
            throw first.requestError
        }
        let cells = NestedCells(
            trees: fields.trees, cache: fields.cache, reportsLines: fields.reportsLines, keepsTrees: fields.keepsTrees)
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
            inner.reportedFamilies = reportedFamilies
            inner.reportsViewsWithoutSize = false
            inner.reportsLinesOfEveryText = reportsLinesOfEveryText
            inner.keepsNestedTrees = keepsNestedTrees
            inner.cellContent = cellContent
            inner.nestedCellHashes = nestedCellHashes
            nested.cache = cellContent?.cache.flatMap { $0.isEnabled ? $0 : nil }
            nested.reportsLines = reportsLinesOfEveryText
            nested.keepsTrees = keepsNestedTrees
            if field == .items {
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
            reportedFamilies = inner.reportedFamilies
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
        _ r: inout JSONReader, at path: consuming RequestPath, keys: inout [String?], trees: inout [NestedCells.Tree?]
    ) throws(RequestError) -> [Cell] {
        var items: [Cell] = []
        guard try r.contractArrayStart() else { return items }
        // A strip's handful of cells in one allocation per list, not one per doubling.
        items.reserveCapacity(16)
        keys.reserveCapacity(16)
        trees.reserveCapacity(16)
        // One path for every item's tree, its index rewritten in place.
        var nodePath = path
        nodePath.components.append(.index(0))
        nodePath.components.append(.key("node"))
        repeat {
            let i = items.count
            nodePath.components[nodePath.components.count - 2] = .index(i)
            do throws(RequestError) {
                let (cell, key, tree) = try decodeNestedCell(&r, nodePath: nodePath)
                items.append(cell)
                keys.append(key)
                trees.append(tree)
            } catch {
                throw error.at(i)
            }
        } while try r.arrayNext()
        return items
    }

    /// One cell and its content key (`nodePath`: where its tree sits): read as a container request's cell,
    /// its tree decoded where it stands in an id scope of its own; a cell
    /// sent as a ref takes its content from the content store (its tree
    /// decoded from there), or is noted as unknown. A cell counts as an
    /// element, so a request's nested cells are bounded with its elements.
    private mutating func decodeNestedCell(
        _ r: inout JSONReader, nodePath: RequestPath
    ) throws(RequestError) -> (Cell, String?, NestedCells.Tree?) {
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            throw RequestError(.limitExceeded, "more than \(limits.maxElements) elements in one request")
        }
        beginIDScope()
        let containersBefore = containersRead
        // The caller rewrites its path in place for the next cell.
        defer { treePath = RequestPath() }
        _ = r.peekByte()
        let start = r.offset
        var (cell, source) = try ContainerRequestDecoder.decodeCell(&r) {
            (tree: inout JSONReader) throws(RequestError) -> Element? in
            try decodeRoot(&tree, at: nodePath)
        }
        guard let ref = source.ref else {
            let (key, nodeHash) = nestedCellHashes.parts(at: start).map { parts in
                (ContentKey.make(kind: cell.kind, node: parts.node, size: parts.size, style: parts.style), parts.node)
            } ?? ContentKey.of(cell.kind, source, in: r.bytes)
            let body = r.bytes
            cellContent?.store.remember(key, writes: cellContent?.writes) {
                StoredCell(cell, source, in: body, nodeHash: nodeHash)
            }
            let holdsContainer = containersRead > containersBefore
            let tree = source.node == nil ? nil : NestedCells.Tree(hash: nodeHash, holdsContainer: holdsContainer)
            return (cell, key, tree)
        }
        guard let content = cellContent?.store.contents(for: [ref])[0] else {
            unknownRefs.append(RequestPath(Array(nodePath.components.dropLast())))
            // The request is answered 409 before any layout: the tree only
            // has to count as sent, for validation.
            cell.markNodePending()
            return (cell, ref, nil)
        }
        cell.kind = content.kind
        cell.size = content.size
        cell.style = content.style
        if let node = content.source.node {
            // Other bytes: the parts found by offset in this tree do not apply there.
            let found = nestedCellHashes
            nestedCellHashes = NestedCellHashes()
            defer { nestedCellHashes = found }
            try content.bytes.withUnsafeBufferPointer { (stored: UnsafeBufferPointer<UInt8>) throws(RequestError) in
                var tree = JSONReader(UnsafeBufferPointer(rebasing: stored[node.range]), maxDepth: r.maxDepth)
                cell.node = try decodeRoot(&tree, at: nodePath)
            }
        }
        let holdsContainer = containersRead > containersBefore
        let tree = content.source.node.map { NestedCells.Tree(hash: $0.hash, holdsContainer: holdsContainer) }
        return (cell, ref, tree)
    }
}
