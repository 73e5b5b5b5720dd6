import WeftLayout

/// Readying a frame's fields for the next element without building a new
/// `ElementFields` (several hundred bytes, most of them untouched by any one
/// element): only the groups whose keys were read are put back.
extension ElementFields {
    /// Requires the element to have been moved out (it is blank again) or to
    /// be blank still; `present` says which other fields may hold values.
    @inline(__always)
    mutating func resetAfterUse() {
        if present & ~Self.elementBits != 0 { resetSpecFields() }
        present = 0
        type = nil
        slotPositions = SlotPositions()
        if needsParentCheck { stylePending = StylePending() }
        // Keeps the buffer: the next element's children checks reuse it.
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
    }

    /// `type`, `id`, `style` and the child slots: kept in `type` and `element`.
    private static var elementBits: UInt64 {
        ElementField.type.bit | ElementField.id.bit | ElementField.style.bit | ElementField.children.bit
            | ElementField.child.bit | ElementField.overlay.bit | ElementField.background.bit | ElementField.corner.bit
    }

    private mutating func resetSpecFields() {
        let p = present
        if p & ElementField.stackFields != 0 { stack = StackSpec() }
        if p & ElementField.insets.bit != 0 { insets = InsetSpec() }
        if p & ElementField.centerFields != 0 { center = CenterSpec() }
        if p & ElementField.ratio.bit != 0 { ratio = nil }
        if p & ElementField.relativeFields != 0 { relative = RelativeSpec() }
        if p & ElementField.sizing.bit != 0 { absoluteSizing = .default }
        if p & ElementField.cornerFields != 0 { cornerSpec = CornerSpec() }
        if p & ElementField.intrinsicSize.bit != 0 { intrinsicSize = .zero }
        if p & ElementField.containerFields != 0 { nested = nil }
        if p & ElementField.textFields != 0 {
            text = nil
            font = FontDescriptor()
            lineHeight = nil
            maxLines = 0
            truncation = .tail
            letterSpacing = 0
            overflowWrap = nil
            spans = nil
            truncationText = nil
            alignment = .natural
            baseDirection = .auto
            reportsLines = false
        }
    }
}
