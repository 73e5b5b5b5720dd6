import Synchronization
import WeftCells

/// The measurements of the nested cells of one tree that hold containers
/// of their own, kept while the tree is laid out: such a cell laid out
/// again at the same size is found here, whether or not the cell cache is
/// on. A pager whose height follows its pages measures them twice, as
/// ASPagerNode does (free, then at exactly the page size); a table in its
/// pages lays its own cells out at the same sizes both times, so without
/// this each pager in a chain of pagers and tables doubled the work of
/// every level below it.
final class NestedLayoutMemo: Sendable {
    private let kept = Mutex<[CellCacheKey: MeasuredCell]>([:])

    func measured(for key: CellCacheKey) -> MeasuredCell? {
        kept.withLock { $0[key] }
    }

    func keep(_ measured: MeasuredCell, for key: CellCacheKey) {
        kept.withLock { $0[key] = measured }
    }
}
