import WeftCells
import WeftJSON
import WeftLayout

/// A scroll step: a `hints` request whose cells (as bytes) and placing
/// container fields are those of a recent one is answered from that one's
/// placement (`PlacementMemo`) with the new offset's pinned headers and hints.
/// Anything else, an error included, takes the full path, which answers it
/// as it would have anyway.
extension ContainerEngine {
    func answerFromPlacement(_ body: [UInt8]) -> ServiceResponse? {
        guard placements.isEnabled else { return nil }
        let read = try? JSONReader.read(body, maxDepth: limits.maxJSONDepth) {
            (r: inout JSONReader) throws(RequestError) -> (Container, PlacementKey)? in
            var top = ContainerRequestDecoder.TopLevel()
            // Only a request that says `answer: "hints"` before its cells is
            // looked up: the cells are then skipped, not read.
            guard try r.contractObjectStart(),
                let field = try ContainerRequestDecoder.readMembers(&r, &top, memo: nil, pauseAtCells: true),
                top.answer == .hints
            else { return nil }
            let start = r.offset
            try r.skipValue()
            let cells = r.rawHash(start..<r.offset)
            if try r.objectNext() {
                guard try ContainerRequestDecoder.readMembers(&r, &top, memo: nil, pauseAtCells: true) == nil else { return nil }
            }
            try r.finish()
            guard top.answer == .hints, let container = top.container else { return nil }
            let key = PlacementKey(
                cells: cells, shorthand: field == .items, container: container, direction: top.direction,
                pointScale: top.pointScale)
            return (container, key)
        }
        guard let (container, key) = read ?? nil, let memoized = placements.value(for: key) else { return nil }
        var request = memoized.request
        request.container = container
        guard ContainerValidation.validateHead(request).isEmpty else { return nil }
        let result = ContainerLayout.finish(request, memoized.placed)
        guard NonFiniteFrames.problem(result) == nil else { return nil }
        let bytes = ContainerResponseEncoder.encodeHints(result, warnings: memoized.nodeWarnings, stats: memoized.stats)
        return ServiceResponse(status: 200, contentType: LayoutNodeEndpoint.jsonContentType, body: bytes)
    }

    /// The 128-bit hash of the body's bytes in `range`.
    static func rawHash(_ body: [UInt8], _ range: Range<Int>) -> ContentHash {
        body.withUnsafeBufferPointer { JSONReader($0).rawHash(range) }
    }
}
