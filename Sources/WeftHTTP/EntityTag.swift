/// Strong validators for whole answers (RFC 9110 §8.8.3): JSON answers and
/// the documents the server serves (the client module, the playground), and
/// the `If-None-Match` check that turns a repeated request into a bodiless
/// 304 (§13.1.2). The tag is a 128-bit hash of the uncompressed body, the
/// same on every instance, so a client behind a balancer revalidates
/// anywhere; a compressed answer is a different representation and says so
/// with a `-gzip` or `-deflate` suffix, which the check ignores
/// (If-None-Match compares weakly).
///
/// `POST /v1/layout` is a safe query (it changes nothing on the server), so
/// a matching `If-None-Match` gets the 304 a GET would rather than the 412 of
/// an unsafe method.
enum EntityTag {
    /// 200 answers with a whole body and no tag of their own. Streams
    /// (NDJSON) carry none: their body is not known when the head goes out.
    static func applies(to response: HTTPResponse) -> Bool {
        response.status == 200 && response.headers["etag"] == nil && response.stream == nil
            && response.headers["content-type"] != nil
    }

    /// `"` + 22 base64url characters + `"`.
    static func of(_ body: [UInt8]) -> String {
        let digest = BodyDigest.of(body)
        return "\"" + Base64URL.encode(low: digest.low, high: digest.high) + "\""
    }

    /// The tag of the same body sent with `coding`.
    static func coded(_ tag: String, _ coding: ContentCoding) -> String {
        String(tag.dropLast()) + "-" + coding.rawValue + "\""
    }

    /// Whether an `If-None-Match` field value (all its lines joined by commas)
    /// names `tag`: `*`, or any listed tag equal by weak comparison, whatever
    /// coding suffix it carries.
    static func matches(ifNoneMatch: String, tag: String) -> Bool {
        let wanted = opaque(tag)
        var rest = Substring(ifNoneMatch)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard !rest.isEmpty else { return false }
            if rest.hasPrefix("*") { return true }
            if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
            guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else { return false }
            let candidate = rest[rest.index(after: rest.startIndex)..<close]
            if uncoded(candidate) == wanted { return true }
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func opaque(_ tag: String) -> Substring {
        Substring(tag).dropFirst().dropLast()
    }

    private static func uncoded(_ opaque: Substring) -> Substring {
        for suffix in ["-gzip", "-deflate"] where opaque.hasSuffix(suffix) {
            return opaque.dropLast(suffix.count)
        }
        return opaque
    }
}

/// A fast 128-bit hash of a byte string with fixed seeds (stable across
/// processes and instances, unlike Swift's `Hasher`): sixteen bytes per step
/// into two lanes, each a full 64x64->128 multiply folded, crossed at the end.
/// Not a cryptographic hash: it guards against accidents, which is all a
/// validator of one's own answers needs.
enum BodyDigest {
    static func of(_ body: [UInt8]) -> (low: UInt64, high: UInt64) {
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(body.count)
        var b: UInt64 = 0x1319_8A2E_0370_7344 &+ UInt64(body.count).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15).low
        body.withUnsafeBytes { raw in
            let n = raw.count
            var i = 0
            while i + 16 <= n {
                a = mix(a ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xA076_1D64_78BD_642F)
                b = mix(b ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self), 0xE703_7ED1_A0B4_28DB)
                i += 16
            }
            var tail: (UInt64, UInt64) = (0, 0)
            var k = 0
            while i < n {
                if k < 8 { tail.0 |= UInt64(raw[i]) << UInt64(8 * k) } else { tail.1 |= UInt64(raw[i]) << UInt64(8 * (k - 8)) }
                i += 1
                k += 1
            }
            a = mix(a ^ tail.0, 0x8EBC_6AF0_9C88_C6E3)
            b = mix(b ^ tail.1, 0x5899_65CC_7537_4CC3)
        }
        let low = mix(a ^ b.byteSwapped, 0x1D8E_4E27_C47D_124F)
        let high = mix(b ^ low, 0xA076_1D64_78BD_642F)
        return (low, high)
    }

    @inline(__always)
    private static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }
}
