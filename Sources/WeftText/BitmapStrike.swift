import CFreeType
import Synchronization

/// Glyph advances of a bitmap-only font (Noto Color Emoji), which comes in fixed
/// pixel sizes. Chromium takes a glyph's advance from the strike's bitmap
/// metrics and scales it linearly to the requested size, so Weft does the same.
///
/// FreeType faces are not thread-safe: the face is only used under the lock.
final class BitmapStrike: Sendable {
    private struct State: @unchecked Sendable {
        let face: FT_Face
        var advances26Dot6: [UInt32: Int] = [:]
    }

    /// Pixels per em of the strike the advances come from.
    let pixelsPerEm: Int
    private let state: Mutex<State>

    /// Takes ownership of `face` (closed on deinit); nil when it has no strikes.
    init?(face: FT_Face) {
        let strikeCount = Int(face.pointee.num_fixed_sizes)
        guard strikeCount > 0, let sizes = face.pointee.available_sizes else { return nil }
        // The largest strike: Skia scales from it, and it is the only one in Noto Color Emoji.
        var best = 0
        for index in 1..<max(1, strikeCount) where sizes[index].y_ppem > sizes[best].y_ppem { best = index }
        guard FT_Select_Size(face, Int32(best)) == 0 else { return nil }
        pixelsPerEm = Int((sizes[best].y_ppem + 32) >> 6)
        guard pixelsPerEm > 0 else { return nil }
        state = Mutex(State(face: face))
    }

    deinit {
        state.withLock { _ = FT_Done_Face($0.face) }
    }

    /// The glyph's advance at the strike size in 26.6 px, or nil if FreeType cannot load it.
    func advance26Dot6(of glyph: UInt32) -> Int? {
        state.withLock { state -> Int? in
            if let known = state.advances26Dot6[glyph] { return known }
            // FT_LOAD_COLOR: the colour bitmap, whose metrics Chromium uses.
            guard FT_Load_Glyph(state.face, glyph, Int32(1 << 20)) == 0, let slot = state.face.pointee.glyph else {
                return nil
            }
            let advance = Int(slot.pointee.advance.x)
            state.advances26Dot6[glyph] = advance
            return advance
        }
    }
}
