import WeftLayout

/// How a service measures a nested container's cells: as any cell of its
/// own, found in its cache when it laid the same content out in the same
/// range before, and with its layout encoded once, as the answer carries it.
public protocol NestedCellMeasuring: Sendable {
    /// `CellMeasurer.measure` of each job in `context`, in the jobs' order,
    /// or that measurement found again; `encoded` set, `layout` then nil.
    func measure(_ jobs: [ContainerLayout.CellJob], context: LayoutContext) -> [MeasuredCell]
}
