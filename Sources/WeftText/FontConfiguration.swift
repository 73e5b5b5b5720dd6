import CFontconfig
import Foundation
import Synchronization

/// The process's fontconfig configuration: the system's default one (as Chromium
/// uses it) plus the application fonts Weft registers, such as the Ahem test font.
///
/// Fontconfig's query functions are not documented as thread-safe on a shared
/// configuration, so every call goes through `withConfig`. Callers cache results.
final class FontConfiguration: Sendable {
    static let shared = FontConfiguration()

    private struct Handle: @unchecked Sendable {
        let config: OpaquePointer?
    }

    private let handle: Mutex<Handle>
    /// The registered application fonts. Like fonts a page loads with
    /// `@font-face`, they are used only when asked for by name, never as a
    /// system fallback for characters other fonts lack.
    let applicationFonts: Set<String>

    private init() {
        let config = FcInitLoadConfigAndFonts()
        var registered: Set<String> = []
        if let config {
            for file in FontConfiguration.applicationFontFiles() {
                let added = file.withCString { FcConfigAppFontAddFile(config, $0) }
                if added != 0 { registered.insert(file) }
            }
        }
        applicationFonts = registered
        handle = Mutex(Handle(config: config))
    }

    func withConfig<T: Sendable>(_ body: (OpaquePointer) -> T?) -> T? {
        handle.withLock { handle -> T? in
            guard let config = handle.config else { return nil }
            return body(config)
        }
    }

    /// Font files to register at start-up: the repository's test fonts
    /// (`<repo>/conformance/fonts`, found from this source file's location, so
    /// only where the source tree is) and every font file in the directories of
    /// `WEFT_FONT_DIRS` (colon-separated).
    static func applicationFontFiles() -> [String] {
        var directories: [String] = []
        if let list = ProcessInfo.processInfo.environment["WEFT_FONT_DIRS"] {
            directories += list.split(separator: ":").map(String.init)
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(repository.appendingPathComponent("conformance/fonts").path)

        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]
        var files: [String] = []
        var seen: Set<String> = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where fontExtensions.contains((name as NSString).pathExtension.lowercased()) {
                let path = (directory as NSString).appendingPathComponent(name)
                if seen.insert(path).inserted { files.append(path) }
            }
        }
        return files
    }
}
