import WeftCells
import WeftLayout

/// A nested container's cells, measured as the engine measures any cell:
/// found in the cell cache by their tree's content hash and range, or laid
/// out, encoded once (as the answer carries them) and stored.
struct NestedCells: NestedCellMeasuring {
    /// A cell's tree as the decoder read it: its content hash (nil when it
    /// could not be hashed, then it is not cached) and its size in bytes.
    struct Tree: Sendable {
        var hash: ContentHash?
        var byteCount: Int
        /// Whether the tree holds a container element, whose warnings go with the cell.
        var holdsContainer = false
    }

    /// The trees of one section's cells.
    struct SectionTrees: Sendable {
        var header: Tree?
        var items: [Tree?] = []
        var footer: Tree?
    }

    let trees: [SectionTrees]
    /// Nil when the engine's cache is off.
    let cache: CellLayoutCache?
    let reportsLines: Bool
    /// Whether a cell keeps its laid-out tree beside its encoded layout:
    /// a flattened node answer lists the nested cells' elements from it.
    let keepsTrees: Bool

    func measure(_ job: ContainerLayout.CellJob, context: LayoutContext) -> MeasuredCell {
        let tree = self.tree(job)
        let key = cache == nil ? nil : tree?.hash.map { hash in
            CellCacheKey(
                content: hash, range: job.range, treeRange: CellMeasurer.treeRange(style: job.cell.style, in: job.range),
                pointScale: context.pointScale, direction: context.direction, reportsLines: reportsLines, nested: true)
        }
        if let key, let cached = cache?.value(for: key) {
            return MeasuredCell(size: cached.size, layout: nil, encoded: cached.layout, warnings: cached.warnings)
        }
        let measured = CellMeasurer.measure(job.cell, in: job.range, context: context)
        guard let node = measured.layout, let root = job.cell.node else { return measured }
        // Written where it is returned, with room for about twice the tree's
        // bytes (as for a row); a cached copy is cut to its length, since
        // the cache counts what it holds by the bytes written.
        var overflowed = false
        let layout = JSONWriter.document(capacity: 256 + 2 * (tree?.byteCount ?? 0)) { out in
            LayoutResponseEncoder.writeNode(node, root, &out)
            overflowed = out.wroteNonFinite
        }
        // A layout whose arithmetic overflowed keeps its tree, neither encoded
        // nor cached: the check of the tree that holds it refuses the request
        // with the path into this cell (`NonFiniteFrames`). Kept trees are
        // listed flattened, where frames are added up: checked as a whole.
        if overflowed || (keepsTrees && NonFiniteFrames.firstPath(node, root) != nil) { return measured }
        let warnings = tree?.holdsContainer == true ? NestedWarnings.collect(node, root) : []
        if let key, let cache {
            // Copied through its bytes: `Array(layout)` would share the roomy buffer.
            let exact = layout.withUnsafeBufferPointer { [UInt8]($0) }
            let entry = CachedCell(size: measured.size, layout: exact, warnings: warnings, elementCount: 0, root: nil)
            cache.insert(entry, for: key, cost: entry.cost)
        }
        return MeasuredCell(size: measured.size, layout: keepsTrees ? node : nil, encoded: layout, warnings: warnings)
    }

    private func tree(_ job: ContainerLayout.CellJob) -> Tree? {
        guard job.section < trees.count else { return nil }
        let section = trees[job.section]
        switch job.slot {
        case .header: return section.header
        case .footer: return section.footer
        case .item(let i): return i < section.items.count ? section.items[i] : nil
        }
    }
}
