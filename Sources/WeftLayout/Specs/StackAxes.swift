/// Reads and builds values along a stack's axes (ASStackLayoutSpecUtilities.h):
/// the *stack* dimension is the direction the children follow, the *cross*
/// dimension the other one.
struct StackAxes {
    let vertical: Bool

    @inline(__always) func stack(_ s: Size) -> Double { vertical ? s.height : s.width }
    @inline(__always) func cross(_ s: Size) -> Double { vertical ? s.width : s.height }

    @inline(__always)
    func size(stack: Double, cross: Double) -> Size {
        vertical ? Size(width: cross, height: stack) : Size(width: stack, height: cross)
    }

    @inline(__always)
    func point(stack: Double, cross: Double) -> Point {
        vertical ? Point(x: cross, y: stack) : Point(x: stack, y: cross)
    }

    @inline(__always)
    func range(stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double) -> SizeRange {
        SizeRange(min: size(stack: stackMin, cross: crossMin), max: size(stack: stackMax, cross: crossMax))
    }
}
