import WeftJSON
import WeftLayout

/// A span as sent: its font keys and letter-spacing are optional and inherit
/// the element's once the whole element has been read.
struct SpanFields: Sendable {
    var text: String
    var font: FontFields
    var letterSpacing: Double?
    var link: String?

    func resolved(font base: FontDescriptor, letterSpacing baseSpacing: Double) -> TextSpan {
        TextSpan(text: text, font: font.applied(to: base), letterSpacing: letterSpacing ?? baseSpacing, link: link)
    }
}

/// The keys a `font` object set.
struct FontFields: Sendable {
    var family: String?
    var size: Double?
    var weight: Int?
    var italic: Bool?

    func applied(to base: FontDescriptor) -> FontDescriptor {
        FontDescriptor(
            family: family ?? base.family, size: size ?? base.size, weight: weight ?? base.weight,
            italic: italic ?? base.italic)
    }
}

/// `spans` and `truncationText` of a text element.
enum TextSpanDecoder {
    /// More spans than any paragraph needs; bounds decoding and shaping work.
    static let maxSpans = 10_000
    static let maxTokenSpans = 64

    /// A text longer than the text layout takes (`TextContent.maxTextBytes`).
    static func tooLong() -> RequestError {
        RequestError(.limitExceeded, "a text of more than \(TextContent.maxTextBytes) UTF-8 bytes")
    }

    /// A text's `spans` (`[{"text", "font", "letterSpacing", "link"}]`), at least one.
    static func decodeSpans(_ r: inout JSONReader) throws(RequestError) -> [SpanFields] {
        guard try r.contractArrayStart() else {
            throw RequestError(.invalidValue, "spans needs at least one span (send \"text\": \"\" for an empty text)")
        }
        return try decodeSpanList(&r, limit: maxSpans)
    }

    /// `truncationText`: a string (in the element's style) or a list of spans.
    static func decodeToken(_ r: inout JSONReader) throws(RequestError) -> [SpanFields] {
        switch try r.peekKind() {
        case .string:
            let text = try r.contractString()
            guard text.utf8.count <= TextContent.maxTextBytes else { throw tooLong() }
            return [SpanFields(text: text, font: FontFields())]
        case .array: break
        case let kind: throw r.wrongType("a string or a list of spans", got: kind)
        }
        guard try r.contractArrayStart() else {
            throw RequestError(.invalidValue, "a truncationText list needs at least one span (send \"\" for no token)")
        }
        return try decodeSpanList(&r, limit: maxTokenSpans)
    }

    /// The spans of a list whose `[` has been read and which is not empty;
    /// their texts together are at most `TextContent.maxTextBytes`.
    private static func decodeSpanList(_ r: inout JSONReader, limit: Int) throws(RequestError) -> [SpanFields] {
        var spans: [SpanFields] = []
        var bytes = 0
        repeat {
            guard spans.count < limit else {
                throw RequestError(.limitExceeded, "more than \(limit) spans in one text").at(spans.count)
            }
            do throws(RequestError) {
                let span = try decodeSpan(&r)
                bytes += span.text.utf8.count
                guard bytes <= TextContent.maxTextBytes else { throw tooLong().at("text") }
                spans.append(span)
            } catch {
                throw error.at(spans.count)
            }
        } while try r.arrayNext()
        return spans
    }

    private static func decodeSpan(_ r: inout JSONReader) throws(RequestError) -> SpanFields {
        var span = SpanFields(text: "", font: FontFields())
        var hasText = false
        if try r.contractObjectStart() {
            var seen = KeysSeen<SpanKey>()
            repeat {
                let key = try r.key()
                guard let spanKey = SpanKey.table.lookup(key) else {
                    try r.skipExtension(key, context: "a span (accepted: \(SpanKey.table.namesList))")
                    continue
                }
                do throws(RequestError) {
                    guard seen.insert(spanKey) else { throw RequestError.twice(spanKey.rawValue) }
                    switch spanKey {
                    case .text:
                        span.text = try r.contractString()
                        hasText = true
                    case .font: span.font = try SpecFieldDecoder.decodeFontFields(&r)
                    case .letterSpacing: span.letterSpacing = try r.contractNumber()
                    case .link: span.link = try r.consumeNull() ? nil : try r.contractString()
                    }
                } catch {
                    throw error.at(spanKey.rawValue)
                }
            } while try r.objectNext()
        }
        guard hasText else { throw RequestError(.missingField, "a span needs \"text\"") }
        return span
    }
}

enum SpanKey: String, Sendable, CaseIterable {
    case text, font, letterSpacing, link
    static let table = KeyTable<SpanKey>(allCases.map { ($0.rawValue, $0) })
}

/// Tokens of the text element's paragraph fields.
enum TextTokens {
    static let alignment = KeyTable<TextAlignment>([
        ("natural", .natural), ("left", .left), ("right", .right), ("center", .center), ("justified", .justified),
    ])
    static let baseDirection = KeyTable<BaseDirection>([("auto", .auto), ("ltr", .ltr), ("rtl", .rtl)])
}
