import CFreeType
import Synchronization

/// Every face loaded so far, by file and index, so each font file is parsed once
/// per process however many requests use it.
final class FaceCache: Sendable {
    static let shared = FaceCache()

    private struct Key: Hashable {
        let path: String
        let index: Int
    }

    /// FreeType's library object is not thread-safe; it is only touched under this lock.
    private struct State: ~Copyable {
        var library: FT_Library?
        var faces: [Key: FontFace?] = [:]
    }

    private let state: Mutex<State>

    private init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        state = Mutex(State(library: library))
    }

    /// The face, or nil when the file is missing or not a font FreeType and HarfBuzz can read.
    func face(path: String, index: Int) -> FontFace? {
        let key = Key(path: path, index: index)
        return state.withLock { state -> FontFace? in
            if let cached = state.faces[key] { return cached }
            guard let library = state.library else { return nil }
            let loaded = FontFace(path: path, index: index, library: library)
            state.faces[key] = .some(loaded)
            return loaded
        }
    }
}
