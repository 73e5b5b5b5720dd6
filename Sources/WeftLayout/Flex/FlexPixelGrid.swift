/// Yoga's pixel-grid rounding (`roundLayoutResultsToPixelGrid`): a node's
/// offset is rounded on its own, and its size is the distance between its
/// rounded absolute edges, so adjacent boxes neither overlap nor leave gaps.
/// Measured leaves (text) round their size up when fractional, so text is
/// never cut, and down when already on the grid.
extension FlexLayoutPass {
    static func roundToGrid(_ value: Double, scale: Double, ceil forceCeil: Bool, floor forceFloor: Bool) -> Double {
        var scaled = value * scale
        // The fractional part in [0, 1), also for negative values.
        let fraction = scaled - scaled.rounded(.down)
        if nearlyEqual(fraction, 0) {
            scaled -= fraction
        } else if nearlyEqual(fraction, 1) {
            scaled = scaled - fraction + 1
        } else if forceCeil {
            scaled = scaled - fraction + 1
        } else if forceFloor {
            scaled -= fraction
        } else {
            scaled = scaled - fraction + (fraction > 0.5 || nearlyEqual(fraction, 0.5) ? 1 : 0)
        }
        return scaled / scale
    }

    @inline(__always)
    static func nearlyEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.0001 }

    /// Rounds node `n` and its output subtree; `absolute` is the parent's
    /// unrounded absolute origin.
    mutating func roundToPixelGrid(_ n: Int, absolute: Point, scale: Double) {
        let position = tree.nodes[n].layout.position
        let size = tree.nodes[n].layout.size
        let isText = (tree.nodes[n].leafIndex >= 0)
        let absLeft = absolute.x + position.left
        let absTop = absolute.y + position.top
        func dimension(_ start: Double, _ length: Double) -> Double {
            // The fractional part (as fmod(x, 1), without the libm call).
            let x = length * scale
            let scaled = x - x.rounded(.towardZero)
            let fractional = !FlexLayoutPass.nearlyEqual(scaled, 0) && !FlexLayoutPass.nearlyEqual(scaled, 1)
            let end = FlexLayoutPass.roundToGrid(
                start + length, scale: scale, ceil: isText && fractional, floor: isText && !fractional)
            return end - FlexLayoutPass.roundToGrid(start, scale: scale, ceil: false, floor: isText)
        }
        tree.nodes[n].layout.position.left = FlexLayoutPass.roundToGrid(position.left, scale: scale, ceil: false, floor: isText)
        tree.nodes[n].layout.position.top = FlexLayoutPass.roundToGrid(position.top, scale: scale, ceil: false, floor: isText)
        tree.nodes[n].layout.size = Size(width: dimension(absLeft, size.width), height: dimension(absTop, size.height))
        var c = n + 1
        for _ in 0..<Int(tree.nodes[n].childCount) {
            roundToPixelGrid(c, absolute: Point(x: absLeft, y: absTop), scale: scale)
            c += Int(tree.nodes[c].subtreeSize)
        }
    }
}
