import WeftCells
import WeftLayout

/// A box with a fixed size: a leaf whose style range is exact.
func box(_ width: Double, _ height: Double, id: String? = nil) -> Element {
    var style = Style()
    style.setPreferredSize(Size(width: width, height: height))
    return Element(.box, id: id, style: style)
}

/// A box that only fixes its height, so a table row gives it the row's width.
func row(height: Double, id: String? = nil) -> Element {
    var style = Style()
    style.height = .points(height)
    return Element(.box, id: id, style: style)
}

func size(_ w: Double, _ h: Double) -> Size { Size(width: w, height: h) }

func layout(_ request: ContainerRequest) -> ContainerResult {
    ContainerLayout.layout(request, context: LayoutContext())
}

func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

extension Frame {
    var maxX: Double { x + width }
    var maxY: Double { y + height }
}
