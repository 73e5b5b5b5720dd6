import WeftCells
import WeftJSON
import WeftLayout

/// A `POST /v1/layout/node` body (openapi.yaml, `NodeRequest`): one tree in one size range.
public struct NodeRequest: Sendable {
    /// The range the root is laid out in.
    public var sizeRange: SizeRange
    /// The direction given to flex subtrees.
    public var direction: LayoutDirection
    /// Pixels per point; 0 rounds nothing.
    public var pointScale: Double
    /// The tree to lay out.
    public var root: Element
    /// Non-fatal remarks found while decoding (the response's `warnings`).
    public var warnings: [RequestWarning]
    /// Cells of nested containers sent as refs the content store does not
    /// know: the answer is then a 409 naming them.
    var unknownRefs: [RequestPath] = []
    /// Whether a text of the tree lists its line boxes: only then are they counted (`ReportedLines`).
    var listsLines = false

    /// A request with the wire format's defaults for whatever is not given.
    public init(
        sizeRange: SizeRange = .unconstrained, direction: LayoutDirection = .ltr, pointScale: Double = 0,
        root: Element, warnings: [RequestWarning] = []
    ) {
        self.sizeRange = sizeRange
        self.direction = direction
        self.pointScale = pointScale
        self.root = root
        self.warnings = warnings
    }

    /// The largest pixels-per-point accepted (no screen comes close).
    public static let maxPointScale = 16.0
    /// The smallest nonzero pixels-per-point accepted: a browser page zoomed
    /// out to 25% on a one-pixel-per-point display. Below it a pixel is
    /// wider than any sensible element, and rounding to it makes nonsense
    /// sizes (a 10-point box 1e300 points wide at 1e-300).
    public static let minPointScale = 0.25

    /// `pointScale` read and checked: 0 (no pixel grid) or a screen's scale.
    static func readPointScale(_ r: inout JSONReader) throws(RequestError) -> Double {
        let scale = try r.contractNumber()
        guard scale == 0 || (scale >= minPointScale && scale <= maxPointScale) else {
            throw RequestError(.invalidValue, "pointScale must be 0 or in 0.25...16, got \(scale)")
        }
        return scale
    }

    /// Decodes and validates a request body. `reportsLines` (`?lines=1`) makes
    /// every text list its line boxes.
    package static func decode(
        _ body: [UInt8], limits: DecodeLimits = .standard, reportsLines: Bool = false
    ) throws(RequestError) -> NodeRequest {
        try decode(body, limits: limits, reportsLines: reportsLines, keepsNestedTrees: false, cellContent: nil)
    }

    /// The same, with nested containers' refs resolving from `cellContent`;
    /// `keepsNestedTrees` for a flattened answer.
    static func decode(
        _ body: [UInt8], limits: DecodeLimits, reportsLines: Bool, keepsNestedTrees: Bool,
        cellContent: NestedCellContent?
    ) throws(RequestError) -> NodeRequest {
        try JSONReader.read(body, maxDepth: limits.maxJSONDepth) { (r: inout JSONReader) throws(RequestError) in
            var decoder = ElementDecoder(limits: limits)
            decoder.reportsLinesOfEveryText = reportsLines
            decoder.keepsNestedTrees = keepsNestedTrees
            decoder.cellContent = cellContent
            do throws(RequestError) {
                let request = try decode(&r, decoder: &decoder)
                try r.finish()
                return request
            } catch {
                throw r.preferSyntaxError(over: error)
            }
        }
    }

    /// Decodes the request object at the reader's position, its elements through `decoder`.
    package static func decode(_ r: inout JSONReader, decoder: inout ElementDecoder) throws(RequestError) -> NodeRequest {
        var sizeRange = SizeRange.unconstrained
        var direction = LayoutDirection.ltr
        var pointScale = 0.0
        var root: Element?
        if try r.contractObjectStart() {
            var seen = KeysSeen<NodeRequestKey>()
            repeat {
                let key = try r.key()
                guard let field = NodeRequestKey.table.lookup(key) else {
                    try r.skipExtension(key, context: "a node request")
                    continue
                }
                do throws(RequestError) {
                    guard seen.insert(field) else { throw RequestError.twice(field.rawValue) }
                    switch field {
                    case .sizeRange:
                        sizeRange = try r.contractSizeRange()
                        // The root's size is at least the minimum, and Texture has no valid size from 1e7 up.
                        for (axis, points) in [("width", sizeRange.min.width), ("height", sizeRange.min.height)]
                        where points >= ContainerLimits.maxLength {
                            throw RequestError(.invalidValue, "min \(axis) must be under 1e7 points, got \(points)")
                                .at(axis).at("min")
                        }
                    case .direction: direction = try r.contractToken(CSSTokens.layoutDirection)
                    case .pointScale:
                        pointScale = try readPointScale(&r)
                    case .root:
                        decoder.beginIDScope()
                        root = try decoder.decodeRoot(&r, at: RequestPath([.key("root")]))
                    }
                } catch {
                    throw error.at(field.rawValue)
                }
            } while try r.objectNext()
        }
        guard let root else { throw RequestError(.missingField, "a node request needs a \"root\" element") }
        var request = NodeRequest(
            sizeRange: sizeRange, direction: direction, pointScale: pointScale, root: root,
            warnings: decoder.warnings)
        request.unknownRefs = decoder.unknownRefs
        request.listsLines = decoder.textsReportingLines > 0
        return request
    }
}

enum NodeRequestKey: String, Sendable, CaseIterable {
    case sizeRange, direction, pointScale, root
    static let table = KeyTable<NodeRequestKey>(allCases.map { ($0.rawValue, $0) })
}
