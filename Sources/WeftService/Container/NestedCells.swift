import WeftCells
import WeftJSON
import WeftLayout

/// A nested container's cells, measured as the engine measures any cell:
/// found in the cell cache by their tree's content hash and range, or laid
/// out, encoded once (as the answer carries them) and stored.
struct NestedCells: NestedCellMeasuring {
    /// A cell's tree as the decoder read it: its content hash (nil when it
    /// could not be hashed, then it is not cached).
    struct Tree: Sendable {
        var hash: ContentHash?
        /// Whether the tree holds a container element, whose warnings go with the cell.
        var holdsContainer = false
        /// Whether a text of the tree lists its line boxes, which are counted.
        var reportsLines = false
    }

    /// The trees of one section's cells.
    typealias SectionTrees = SectionSlots<Tree>

    let trees: [SectionTrees]
    /// Nil when the engine's cache is off.
    let cache: CellLayoutCache?
    /// For the cells that hold containers themselves, cache or not.
    let memo: NestedLayoutMemo?
    let reportsLines: Bool
    /// Whether a cell keeps its laid-out tree beside its encoded layout:
    /// a flattened node answer lists the nested cells' elements from it.
    let keepsTrees: Bool

    /// Every cell is laid out (or found) first and every new layout encoded
    /// after: one loop of each keeps its own code in the instruction cache,
    /// where a cell at a time through both evicts the other's.
    ///
    /// Jobs are read through pointers: passed, or read from the array, a
    /// job was copied whole (its cell's id and box).
    func measure(_ jobs: [ContainerLayout.CellJob], context: LayoutContext) -> [MeasuredCell] {
        jobs.withUnsafeBufferPointer { jobs in
            var measured: [MeasuredCell] = []
            measured.reserveCapacity(jobs.count)
            var keys: [CellCacheKey?] = []
            keys.reserveCapacity(jobs.count)
            var laidOut = false
            for k in jobs.indices {
                let key = cacheKey(jobs.baseAddress! + k, context)
                if let key, let cached = cache?.value(for: key) {
                    measured.append(
                        MeasuredCell(
                            size: cached.size, layout: nil, encoded: cached.layout, warnings: cached.warnings,
                            lineBoxes: cached.lineBoxes))
                } else if let key, holdsContainer(jobs.baseAddress! + k), let kept = memo?.measured(for: key) {
                    measured.append(kept)
                } else {
                    // The tree goes into its place once the measurement is
                    // stored: stored with it, it was copied on the way.
                    let (size, layout) = CellMeasurer.layOut(jobs.baseAddress! + k, context: context)
                    measured.append(MeasuredCell(size: size, layout: nil))
                    measured[k].layout = layout
                    laidOut = true
                }
                keys.append(key)
            }
            // Every cell found in the cache: nothing to encode, no buffer to take.
            guard laidOut else { return measured }
            // One buffer for every new layout, each copied out at its length: a
            // buffer of its own per cell would be twice the size it needs, and a
            // cached copy would be a second one.
            var out = JSONWriter(capacity: 1024)
            for k in jobs.indices where measured[k].encoded == nil {
                encode(&measured[k], jobs.baseAddress! + k, key: keys[k], with: &out)
                if let key = keys[k], holdsContainer(jobs.baseAddress! + k) { memo?.keep(measured[k], for: key) }
            }
            return measured
        }
    }

    private func cacheKey(_ job: UnsafePointer<ContainerLayout.CellJob>, _ context: LayoutContext) -> CellCacheKey? {
        guard cache != nil || (memo != nil && holdsContainer(job)),
            let hash = tree(section: job.pointee.section, job.pointee.slot)?.hash
        else { return nil }
        let range = job.pointee.range
        return CellCacheKey(
            content: hash, range: range, treeRange: CellMeasurer.treeRange(style: job.pointee.cell.style, in: range),
            pointScale: context.pointScale, direction: context.direction, reportsLines: reportsLines, nested: true)
    }

    /// Encodes the cell of `job`, just laid out, as the answer carries it,
    /// and caches it; `out` is scratch.
    private func encode(
        _ measured: inout MeasuredCell, _ job: UnsafePointer<ContainerLayout.CellJob>, key: CellCacheKey?,
        with out: inout JSONWriter
    ) {
        // The layout moves out and back only where it is kept: a copy would
        // count a reference to every node of it.
        guard let node = measured.layout.take() else { return }
        guard let root = Cell.node(at: job.pointer(to: \.cell)!) else {
            measured.layout = node
            return
        }
        out.removeAll()
        LayoutResponseEncoder.writeNode(node, root, &out)
        // A layout whose arithmetic overflowed keeps its tree, neither encoded
        // nor cached: the check of the tree that holds it refuses the request
        // with the path into this cell (`NonFiniteFrames`). Kept trees are
        // listed flattened, where frames are added up: checked as a whole.
        if out.wroteNonFinite || (keepsTrees && NonFiniteFrames.firstPath(node, root) != nil) {
            measured.layout = node
            return
        }
        let layout = out.bytes
        let warnings = holdsContainer(job) ? NestedWarnings.collect(node, root) : []
        // Past the limit in this cell alone: counted as just past it, so
        // that the tree holding it is refused at this container.
        let lineBoxes = tree(section: job.pointee.section, job.pointee.slot)?.reportsLines == true
            ? ((try? ReportedLines.tally(node, root).get()) ?? ReportedLines.limit + 1) : 0
        if let key, let cache {
            // The answer and the cache share the one exact copy.
            let entry = CachedCell(
                size: measured.size, layout: layout, warnings: warnings, elementCount: 0, root: nil, lineBoxes: lineBoxes)
            cache.insert(entry, for: key, cost: entry.cost)
        }
        measured.encoded = layout
        measured.warnings = warnings
        measured.lineBoxes = lineBoxes
        if keepsTrees { measured.layout = node }
    }

    private func holdsContainer(_ job: UnsafePointer<ContainerLayout.CellJob>) -> Bool {
        tree(section: job.pointee.section, job.pointee.slot)?.holdsContainer == true
    }

    private func tree(section s: Int, _ slot: CellSlot) -> Tree? {
        s < trees.count ? trees[s][slot] : nil
    }
}
