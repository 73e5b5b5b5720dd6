import Glibc
import WeftText

/// The font files a page may download to draw with the very bytes Weft measured
/// with: exactly the files fontconfig reported, each under a URL named by an id
/// (never by a path a client sends), so nothing else on disk can be reached.
struct FontFiles: Sendable {
    struct File: Sendable {
        let id: String
        let path: String
        let contentType: String
        var url: String { FontFiles.urlPrefix + id }
    }

    static let urlPrefix = "/v1/fonts/files/"
    /// Larger files are not served (the largest installed font, a CJK collection, is about 20 MB).
    static let maxFileBytes = 64 << 20

    static let shared = FontFiles(faces: FontCatalog.faces())

    let faces: [FontFaceEntry]
    let files: [File]
    private let fileByPath: [String: File]

    init(faces: [FontFaceEntry]) {
        self.faces = faces
        var byPath: [String: File] = [:]
        for face in faces where byPath[face.filePath] == nil {
            guard let id = Self.id(of: face.filePath) else { continue }
            byPath[face.filePath] = File(id: id, path: face.filePath, contentType: Self.contentType(of: face.filePath))
        }
        fileByPath = byPath
        files = byPath.values.sorted { $0.id < $1.id }
    }

    func file(forPath path: String) -> File? { fileByPath[path] }

    /// Names a file by what would change if the file did: its path, size and
    /// modification time (FNV-1a, 64 bits), plus its extension. A changed file
    /// gets a new URL, which is what lets the URL be cached as immutable.
    private static func id(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size <= maxFileBytes else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let identity = "\(path)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        for byte in identity.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "." + fileExtension(of: path)
    }

    private static func fileExtension(of path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "font" }
        return path[path.index(after: dot)...].lowercased()
    }

    private static func contentType(of path: String) -> String {
        switch fileExtension(of: path) {
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        case "ttc", "otc": return "font/collection"
        case "woff": return "font/woff"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }

    /// The file's bytes, or nil when it can no longer be read (or grew past the limit).
    static func contents(of file: File) -> [UInt8]? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size <= maxFileBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }
}
