// libFuzzer target: the input bytes choose a random *valid* element tree
// (Tests/WeftServiceTests/Support/RandomTrees.swift: specs, flex, text), which
// is decoded, laid out with real text measurement and checked: the decoder
// accepts it, LayoutInvariants hold, layout is deterministic, and a JSON round
// trip of the request (keys reversed, re-serialized) lays out the same.
import WeftLayout
import WeftJSON
@testable import WeftService
import WeftText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var trees = RandomTrees(TreeEntropy(bytes: Array(UnsafeBufferPointer(start: data, count: size))))
    let body = Array(trees.request().utf8)
    let request: NodeRequest
    do {
        request = try NodeRequest.decode(body)
    } catch {
        fuzzCheck(false, "a generated tree was refused: \(error) \(String(decoding: body, as: UTF8.self))")
        return 0
    }
    let context = LayoutContext(pointScale: request.pointScale, direction: request.direction,
                                textMeasurer: WeftTextMeasurer.shared)
    let node = LayoutEngine.layout(request.root, in: request.sizeRange, context: context)
    let problems = LayoutInvariants.violations(of: node, for: request)
    fuzzCheck(problems.isEmpty, "\(problems) for \(String(decoding: body, as: UTF8.self))")
    fuzzCheck(LayoutEngine.layout(request.root, in: request.sizeRange, context: context) == node,
              "layout differs on a second run")
    do {
        let roundTrip = LayoutInvariants.reversingKeys(try JSONValue.parse(body)).bytes
        let again = try NodeRequest.decode(roundTrip)
        fuzzCheck(LayoutEngine.layout(again.root, in: again.sizeRange, context: context) == node,
                  "layout differs after a JSON round trip")
    } catch {
        fuzzCheck(false, "round trip refused: \(error)")
    }
    return 0
}
