/// Display nodes without a layout spec (`calculateSizeThatFits:`, ASDisplayNode+Layout.mm).
enum LeafLayout {
    /// `proposal` is the node's intrinsic size (an image's); without one Texture's
    /// default `calculateSizeThatFits` proposes the range maximum when it is a
    /// valid size, else (0, 0) — so a leaf collapses to the range minimum as
    /// soon as either maximum is unbounded.
    static func layout(proposal: Size?, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        let proposed = proposal ?? (TextureMath.validForSize(range.max) ? range.max : .zero)
        return LayoutNode(size: finalSize(range.clamp(proposed), context))
    }

    /// A text node measures its string in the range's maximum width, then
    /// clamps like any leaf. Its ascender/descender come from the first and
    /// last baselines, as ASTextNode exposes its font's metrics.
    static func layoutText(_ content: TextContent, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        guard let measurer = context.textMeasurer else {
            return LayoutNode(
                frame: Frame(origin: .zero, size: finalSize(range.clamp(.zero), context)), lineCount: 0, truncated: false)
        }
        let m = measurer.measure(content, maxWidth: range.max.width, maxHeight: range.max.height)
        let size = finalSize(range.clamp(m.size), context)
        var details: TextDetails?
        if m.visibleText != nil || content.reportsLines {
            details = TextDetails(
                visibleText: m.visibleText,
                lines: content.reportsLines ? TextLinePlacement.place(m, content, width: size.width) : nil)
        }
        return LayoutNode(
            frame: Frame(origin: .zero, size: size), ascender: m.firstBaseline,
            descender: m.lastBaseline - m.size.height, lineCount: m.lineCount, truncated: m.truncated,
            textDetails: details)
    }

    /// Every ASLayout ceils its size to the pixel grid when it is created, and
    /// an invalid size (negative, NaN, infinite, >= 1e7) becomes 0 (ASLayout.mm).
    static func finalSize(_ size: Size, _ context: LayoutContext) -> Size {
        let grid = PixelGrid(scale: context.pointScale)
        return Size(
            width: TextureMath.validForSize(size.width) ? grid.ceil(size.width) : 0,
            height: TextureMath.validForSize(size.height) ? grid.ceil(size.height) : 0)
    }
}
