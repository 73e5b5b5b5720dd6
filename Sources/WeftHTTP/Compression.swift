import CZlib

/// gzip and zlib ("deflate" in HTTP, RFC 9110 §8.4.1.2) through the system zlib.
public enum ContentCoding: String, Sendable {
    case gzip
    case deflate

    /// zlib picks the container from the window bits: +16 adds the gzip wrapper.
    var windowBits: Int32 { self == .gzip ? 15 + 16 : 15 }
}

/// Why a body could not be inflated.
public enum CompressionError: Error, Equatable {
    case malformed
    case tooLarge
}

/// gzip and deflate for request and response bodies.
public enum Compression {
    /// Deflates `input` in `coding`'s container; nil if zlib fails.
    public static func compress(_ input: [UInt8], as coding: ContentCoding, level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, coding.windowBits, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let result: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    /// Inflates `input`, giving up past `limit` bytes so a small bomb cannot
    /// expand into gigabytes.
    public static func decompress(_ input: [UInt8], as coding: ContentCoding, limit: Int) throws(CompressionError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, coding.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformed
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        var exceeded = false
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while status == Z_OK {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                if output.count + produced > limit {
                    exceeded = true
                    return
                }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
                // A gzip body may be several members one after another (RFC 1952 §2.2,
                // `cat a.gz b.gz`): each is inflated in turn, as gzip -d does.
                if status == Z_STREAM_END && stream.avail_in > 0 && coding == .gzip {
                    guard inflateReset(&stream) == Z_OK else { return }
                    status = Z_OK
                }
            }
        }
        if exceeded { throw .tooLarge }
        guard status == Z_STREAM_END, stream.avail_in == 0 else { throw .malformed }
        return output
    }

    /// The coding to answer with for an Accept-Encoding value (RFC 9110 §12.5.3),
    /// preferring gzip; nil for identity.
    public static func negotiate(acceptEncoding: String?) -> ContentCoding? {
        guard let acceptEncoding else { return nil }
        var best: (coding: ContentCoding, quality: Double)?
        var wildcardQuality: Double?
        var explicitlyListed = Set<String>()
        for element in acceptEncoding.split(separator: ",") {
            // Not omitting empty pieces keeps `parts[0]` present for elements such as ";".
            let parts = element.split(separator: ";", omittingEmptySubsequences: false)
            let name = trimmedWhitespace(parts[0]).lowercased()
            if name.isEmpty { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = trimmedWhitespace(parameter).lowercased()
                if pair.hasPrefix("q=") { quality = qualityValue(pair.dropFirst(2)) }
            }
            explicitlyListed.insert(name)
            if name == "*" { wildcardQuality = quality; continue }
            guard let coding = ContentCoding(rawValue: name == "x-gzip" ? "gzip" : name), quality > 0 else { continue }
            if best == nil || quality > best!.quality { best = (coding, quality) }
        }
        if let best { return best.coding }
        if let wildcardQuality, wildcardQuality > 0, !explicitlyListed.contains("gzip") { return .gzip }
        return nil
    }

    /// An RFC 9110 qvalue: 0 to 1 with at most three decimals. Anything else
    /// (`nan`, `inf`, `2`, `-1`, text) counts as 0, "not acceptable".
    private static func qualityValue(_ text: Substring) -> Double {
        guard text.count <= 5, text.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }),
              let value = Double(text), value >= 0, value <= 1 else { return 0 }
        return value
    }

    /// Textual media types; checked on raw bytes because String searching costs
    /// about a seventh of a health check.
    static func isCompressible(contentType: String?) -> Bool {
        guard var type = contentType else { return false }
        return type.withUTF8 { bytes in
            bytes.starts(with: "text/".utf8) || contains(bytes, "json") || contains(bytes, "yaml") || contains(bytes, "xml")
                || contains(bytes, "typescript") || contains(bytes, "javascript")
        }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) {
            var index = 0
            while index < pattern.count, bytes[start + index] | 0x20 == pattern[index] { index += 1 }
            if index == pattern.count { return true }
        }
        return false
    }
}
