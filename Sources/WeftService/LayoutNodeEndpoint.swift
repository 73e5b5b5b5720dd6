import WeftCells
import WeftLayout

/// `POST /v1/layout/node`: body bytes in, response bytes out. The HTTP layer
/// decides 413/415 before calling this; everything after is here.
public enum LayoutNodeEndpoint {
    /// The content type of every layout answer.
    public static let jsonContentType = "application/json"

    /// Answers a node request: decode, lay out, encode; a problem answer for bad
    /// input. `lines`: every text lists its line boxes (`?lines=1`).
    public static func respond(
        body: [UInt8], flatten: Bool, lines: Bool = false, textMeasurer: (any TextMeasuring)?,
        limits: DecodeLimits = .standard
    ) -> ServiceResponse {
        respond(
            body: body, flatten: flatten, lines: lines, textMeasurer: textMeasurer, limits: limits, contentStore: nil,
            cellCache: nil)
    }

    /// The same; `contentStore` is where cells of nested containers sent as
    /// refs are found, and where content sent whole is kept for later refs
    /// (without one, every such ref is unknown); `cellCache` keeps their layouts.
    package static func respond(
        body: [UInt8], flatten: Bool, lines: Bool, textMeasurer: (any TextMeasuring)?,
        limits: DecodeLimits = .standard, contentStore: CellContentStore?, cellCache: CellLayoutCache?
    ) -> ServiceResponse {
        let request: NodeRequest
        let writes = ContentWrites()
        do {
            request = try NodeRequest.decode(
                body, limits: limits, reportsLines: lines, keepsNestedTrees: flatten,
                cellContent: contentStore.map { NestedCellContent(store: $0, writes: writes, cache: cellCache) })
        } catch {
            return Problem(error).response()
        }
        contentStore?.flush(writes)
        if !request.unknownRefs.isEmpty { return ContainerEngine.unknownRefs(request.unknownRefs).response() }
        let context = LayoutContext(
            pointScale: request.pointScale, direction: request.direction, textMeasurer: textMeasurer)
        let node = LayoutEngine.layout(request.root, in: request.sizeRange, context: context)
        if let overflow = NonFiniteFrames.error(node, request.root)
            ?? (request.listsLines ? ReportedLines.error(node, request.root) : nil)
        {
            return Problem(overflow.at("root")).response()
        }
        let bytes = LayoutResponseEncoder.encode(
            node, root: request.root, warnings: request.warnings + NestedWarnings.collect(node, request.root).map { $0.relocated(under: ["root"]) },
            flatten: flatten, elementCountHint: body.count / 40)
        return ServiceResponse(status: 200, contentType: jsonContentType, body: bytes)
    }
}
