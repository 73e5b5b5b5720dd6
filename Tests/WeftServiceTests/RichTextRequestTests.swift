import Foundation
import Testing
import WeftLayout
import WeftText

@testable import WeftService

/// `spans`, `truncationText`, `alignment`, `baseDirection` and `lines` through
/// `POST /v1/layout/node`, and what bad rich text gets.
@Suite struct RichTextRequestTests {
    func respond(_ root: String, width: Double = 200, lines: Bool = false) -> (status: Int, json: [String: Any]) {
        let body = #"{"sizeRange": {"max": {"width": \#(width)}}, "root": \#(root)}"#
        let response = LayoutNodeEndpoint.respond(
            body: Array(body.utf8), flatten: false, lines: lines, textMeasurer: WeftTextMeasurer.shared)
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, json)
    }

    func layout(_ json: [String: Any]) -> [String: Any] { json["layout"] as? [String: Any] ?? [:] }

    @Test func spansInheritTheElementsStyleAndMeasureAsOneParagraph() {
        let plain = respond(#"{"type": "text", "font": {"family": "Inter"}, "text": "Ada liked your photo"}"#)
        let spans = respond(
            #"{"type": "text", "font": {"family": "Inter"}, "spans": [{"text": "Ada"}, {"text": " liked your photo"}]}"#)
        #expect(spans.status == 200)
        #expect(layout(spans.json)["frame"] as? NSDictionary == layout(plain.json)["frame"] as? NSDictionary)
        let bold = respond(
            #"{"type": "text", "font": {"family": "Inter"}, "spans": [{"text": "Ada", "font": {"weight": 700}}, {"text": " liked your photo"}]}"#
        )
        let boldWidth = (layout(bold.json)["frame"] as? [String: Double])?["width"] ?? 0
        let plainWidth = (layout(plain.json)["frame"] as? [String: Double])?["width"] ?? 0
        #expect(boldWidth > plainWidth)
    }

    @Test func aTallerSpanMakesItsLineTaller() {
        let result = respond(
            #"{"type": "text", "lines": true, "font": {"family": "Inter", "size": 14}, "spans": [{"text": "small "}, {"text": "BIG", "font": {"size": 30}}]}"#
        )
        let lines = layout(result.json)["lines"] as? [[String: Any]] ?? []
        #expect(lines.count == 1)
        let height = (lines.first?["frame"] as? [String: Double])?["height"] ?? 0
        // Inter at 30 px: 29 above and 7 below the baseline, beating 14 px (14 + 3).
        #expect(height == 36)
    }

    @Test func textAndSpansTogetherOrNoSpansAreRefused() {
        #expect(respond(#"{"type": "text", "text": "a", "spans": [{"text": "b"}]}"#).status == 422)
        let empty = respond(#"{"type": "text", "spans": []}"#)
        #expect(empty.status == 422)
        #expect(empty.json["path"] as? String == "/root/spans")
        #expect(respond(#"{"type": "text"}"#).status == 422)
        #expect(respond(#"{"type": "text", "spans": [{"font": {"weight": 700}}]}"#).json["path"] as? String == "/root/spans/0")
    }

    @Test func aHundredThousandSpansAreRefusedWithoutLayingThemOut() {
        let spans = Array(repeating: #"{"text": "a"}"#, count: 100_000).joined(separator: ",")
        let result = respond(#"{"type": "text", "spans": [\#(spans)]}"#)
        #expect(result.status == 422)
        #expect(result.json["path"] as? String == "/root/spans/10000")
    }

    /// Past the text layout's limits a text is refused where it passes them,
    /// rather than cut (which left a truncated answer with nothing shown).
    @Test func textsPastTheLayoutsLimitsAreRefusedAtTheValue() {
        let mebibyte = 1 << 20
        #expect(respond(#"{"type": "text", "text": "\#(String(repeating: "x", count: mebibyte))"}"#).status == 200)
        let long = respond(#"{"type": "text", "text": "\#(String(repeating: "x", count: mebibyte + 1))"}"#)
        #expect(long.status == 422)
        #expect(long.json["path"] as? String == "/root/text")
        #expect((long.json["type"] as? String)?.hasSuffix("limit-exceeded") == true)
        let half = String(repeating: "é", count: mebibyte / 4)  // a quarter of a MiB each: two bytes a letter
        let spans = respond(#"{"type": "text", "spans": [{"text": "\#(half)"}, {"text": "\#(half)"}, {"text": "ab"}]}"#)
        #expect(spans.status == 422)
        #expect(spans.json["path"] as? String == "/root/spans/2/text")
        let tall = respond(#"{"type": "text", "text": "a", "lineHeight": 2e6}"#)
        #expect(tall.status == 422)
        #expect(tall.json["path"] as? String == "/root/lineHeight")
        #expect(respond(#"{"type": "text", "text": "a", "lineHeight": 1e6}"#).status == 200)
    }

    @Test func aTruncationTokenOfTheWrongKindSaysWhatItMayBe() {
        let number = respond(#"{"type": "text", "text": "a", "truncationText": 3}"#)
        #expect(number.status == 422)
        #expect(number.json["path"] as? String == "/root/truncationText")
        #expect((number.json["detail"] as? String)?.contains("a string or a list of spans") == true)
        let empty = respond(#"{"type": "text", "text": "a", "truncationText": []}"#)
        #expect(empty.status == 422)
        #expect((empty.json["detail"] as? String)?.contains("truncationText") == true)
    }

    /// An empty span still has an inline box on its line (CSS 2.1 §10.8): a
    /// larger font makes that line taller. Heights as headless Chromium 156
    /// draws the same `<span>`s (45 and 16 + 45 + 16).
    @Test func anEmptySpanInALargerFontRaisesItsLine() {
        let oneLine = respond(
            #"{"type": "text", "font": {"family": "Liberation Sans", "size": 14}, "spans": [{"text": "Tiny "}, {"text": "", "font": {"size": 40}}, {"text": "after"}]}"#,
            width: 300)
        #expect(layout(oneLine.json)["frame"].flatMap { ($0 as? [String: Double])?["height"] } == 45)
        let ownLine = respond(
            #"{"type": "text", "font": {"family": "Liberation Sans", "size": 14}, "spans": [{"text": "one\n"}, {"text": "", "font": {"size": 40}}, {"text": "\nthree"}]}"#,
            width: 300)
        #expect(layout(ownLine.json)["frame"].flatMap { ($0 as? [String: Double])?["height"] } == 77)
    }

    @Test func aLoneSurrogateIsMalformedJSON() {
        #expect(respond(#"{"type": "text", "spans": [{"text": "\ud800"}]}"#).status == 400)
    }

    @Test func unknownFamiliesWarnOncePerFamilyNamingTheFallback() {
        let result = respond(
            #"{"type": "stack", "children": [{"type": "text", "text": "a", "font": {"family": "Nope"}}, {"type": "text", "spans": [{"text": "b", "font": {"family": "Nope"}}, {"text": "c", "font": {"family": "Other"}}]}, {"type": "text", "text": "d"}]}"#
        )
        let warnings = result.json["warnings"] as? [[String: String]] ?? []
        #expect(warnings.map { $0["path"] } == ["/root/children/0/font/family", "/root/children/1/spans/1/font/family"])
        #expect(warnings.allSatisfy { $0["detail"]?.contains("Liberation Serif") == true })
        let token = respond(
            #"{"type": "text", "text": "aaaa aaaa", "maxLines": 1, "truncationText": [{"text": "…", "font": {"family": "TokFont"}}]}"#,
            width: 30)
        let tokenWarnings = token.json["warnings"] as? [[String: String]] ?? []
        #expect(tokenWarnings.map { $0["path"] } == ["/root/truncationText/0/font/family"])
    }

    @Test func truncatedTextsSayWhatTheyShow() {
        let text = #""font": {"family": "Inter"}, "text": "Hello wonderful world of text", "maxLines": 1"#
        let tail = layout(respond(#"{"type": "text", \#(text)}"#, width: 120).json)
        #expect(tail["truncated"] as? Bool == true)
        let shown = tail["visibleText"] as? String ?? ""
        #expect(shown.hasPrefix("Hello") && shown.hasSuffix("…"))
        let head = layout(respond(#"{"type": "text", "truncation": "head", \#(text)}"#, width: 120).json)
        #expect((head["visibleText"] as? String)?.hasPrefix("…") == true)
        #expect((head["visibleText"] as? String)?.hasSuffix("of text") == true)
        let middle = layout(respond(#"{"type": "text", "truncation": "middle", \#(text)}"#, width: 120).json)
        let middleText = middle["visibleText"] as? String ?? ""
        #expect(middleText.hasPrefix("Hello") && middleText.hasSuffix("text") && middleText.contains("…"))
        let clip = layout(respond(#"{"type": "text", "truncation": "clip", \#(text)}"#, width: 120).json)
        #expect(clip["visibleText"] as? String == "Hello wonderful ")
        let untruncated = layout(respond(#"{"type": "text", "text": "Hi"}"#).json)
        #expect(untruncated["visibleText"] == nil)
    }

    // Chromium's -webkit-line-clamp under white-space: pre-wrap draws the
    // ellipsis after a space the line ends with, and after one it cuts at.
    @Test(arguments: [
        ("aaaaaaaaaaaaaaaaaa bcccccc", "aaaaaaaaaaaaaaaaaa …"), ("aaaaaaaaaaaaaaaaaa b cccc", "aaaaaaaaaaaaaaaaaa …"),
        ("aaaaaaaaaaaaaaaaaaaa bcc", "aaaaaaaaaaaaaaaaaaa…"),
    ])
    func aTailTokenFollowsTheSpaceBeforeIt(text: String, shown: String) {
        let node = layout(respond(
            #"{"type": "text", "text": "\#(text)", "maxLines": 1, "font": {"family": "Ahem", "size": 10}}"#).json)
        #expect(node["visibleText"] as? String == shown)
    }

    @Test func aTokenWiderThanTheLineIsShownAlone() {
        let token = String(repeating: "more ", count: 40)
        let result = respond(
            #"{"type": "text", "text": "Hello wonderful world", "maxLines": 1, "truncationText": [{"text": "\#(token)", "font": {"weight": 700}}]}"#,
            width: 50)
        #expect(result.status == 200)
        #expect(layout(result.json)["visibleText"] as? String == token)
    }

    @Test func linesArePlacedByAlignmentAndDirection() {
        let base = #""type": "text", "font": {"family": "Inter"}, "text": "one two three four five six seven""#
        func firstLines(_ extra: String) -> [[String: Double]] {
            let lines = layout(respond("{\(base)\(extra)}", width: 120, lines: true).json)["lines"] as? [[String: Any]] ?? []
            return lines.map { $0["frame"] as? [String: Double] ?? [:] }
        }
        let left = firstLines("")
        #expect(left.count > 1)
        #expect(left.allSatisfy { $0["x"] == 0 })
        let right = firstLines(#", "alignment": "right""#)
        let width = right.map { ($0["x"] ?? 0) + ($0["width"] ?? 0) }
        #expect(Set(width).count == 1)
        let rtl = firstLines(#", "baseDirection": "rtl""#)
        #expect(rtl.contains { ($0["x"] ?? 0) > 0 })
        let justified = firstLines(#", "alignment": "justified""#)
        #expect(Set(justified.dropLast().map { $0["width"] ?? 0 }).count == 1)
    }
}
