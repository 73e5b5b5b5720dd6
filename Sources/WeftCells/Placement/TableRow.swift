import WeftLayout

/// How UIKit cuts one table row into content view, accessory and separator.
enum TableRow {
    static func contentWidth(rowWidth: Double, accessory: AccessoryType) -> Double {
        max(0, rowWidth - AccessoryWidths.width(of: accessory))
    }

    /// Frames relative to the row. The separator pixel sits below the content
    /// view (UIKit adds it to the row height; ASTableView.mm) and spans the row
    /// less the cell's separator insets; the accessory takes the trailing side,
    /// which is the left in right-to-left.
    static func frames(
        rowSize: Size, accessory: AccessoryType, separatorInset: Insets, separatorHeight: Double?,
        direction: LayoutDirection
    ) -> TableRowFrames {
        let sep = separatorHeight ?? 0
        let bodyHeight = max(0, rowSize.height - sep)
        let accessoryWidth = min(rowSize.width, AccessoryWidths.width(of: accessory))
        let contentWidth = rowSize.width - accessoryWidth
        let rtl = direction == .rtl
        let content = Frame(x: rtl ? accessoryWidth : 0, y: 0, width: contentWidth, height: bodyHeight)
        let accessoryFrame: Frame? =
            accessory == .none
            ? nil : Frame(x: rtl ? 0 : contentWidth, y: 0, width: accessoryWidth, height: bodyHeight)
        let separator: Frame? = separatorHeight.map { h in
            Frame(
                x: separatorInset.left, y: bodyHeight,
                width: max(0, rowSize.width - separatorInset.left - separatorInset.right), height: h)
        }
        return TableRowFrames(contentFrame: content, accessoryFrame: accessoryFrame, separatorFrame: separator)
    }
}
