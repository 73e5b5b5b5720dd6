import WeftJSON
import WeftLayout

/// What a Dimension-valued key accepts.
public struct DimensionRules: Sendable {
    /// Whether `"auto"` is accepted.
    public var auto: Bool
    /// Whether `"N%"` is accepted.
    public var percent: Bool
    /// `max-content`, `fit-content`, `stretch` (flex elements and their children).
    public var intrinsic: Bool
    /// Whether negative numbers are refused.
    public var nonNegative: Bool
    /// Points, and percents, refused from this magnitude up; nil: any finite one.
    public var limit: Double? = nil

    /// Sizes and their minima and maxima.
    public static let size = DimensionRules(auto: true, percent: true, intrinsic: true, nonNegative: true)
    /// Padding edges.
    public static let padding = DimensionRules(auto: false, percent: true, intrinsic: false, nonNegative: true)
    /// Border edges: points only.
    public static let border = DimensionRules(auto: false, percent: false, intrinsic: false, nonNegative: true)
    /// Margin edges: may be negative or `auto`.
    public static let margin = DimensionRules(auto: true, percent: true, intrinsic: false, nonNegative: false)
    /// Gaps between flex items.
    public static let gap = DimensionRules(auto: false, percent: true, intrinsic: false, nonNegative: true)

    var accepted: String {
        var parts = ["a number"]
        if percent { parts.append("\"N%\"") }
        if auto { parts.append("\"auto\"") }
        if intrinsic { parts.append(contentsOf: ["\"max-content\"", "\"fit-content\"", "\"stretch\""]) }
        guard parts.count > 1 else { return parts[0] }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }
}

extension JSONReader {
    /// Reads a Dimension as `rules` allow; anything else is a 422 naming what is accepted.
    package mutating func contractDimension(_ rules: DimensionRules) throws(RequestError) -> Dimension {
        let kind = try peekKind()
        switch kind {
        case .number:
            let value = try contractNumber()
            if rules.nonNegative && value < 0 {
                throw RequestError(.invalidValue, "must not be negative, got \(value)")
            }
            try Self.check(value, under: rules.limit, unit: "points")
            return .points(value)
        case .string:
            return try Self.dimension(from: scanKey(), rules)
        default:
            throw wrongType(rules.accepted, got: kind)
        }
    }

    /// A keyword or `"N%"`, matched on the body's bytes.
    static func dimension(from text: JSONKey, _ rules: DimensionRules) throws(RequestError) -> Dimension {
        if let keyword = text.withUTF8({ keyword($0, rules) }) { return keyword }
        if rules.percent, let percent = text.withUTF8(percentValue) {
            guard percent.isFinite else {
                throw RequestError(.invalidValue, "the number of \"\(text.string.excerpt)\" is out of range")
            }
            // The schema's pattern has no sign for these, so not even "-0%".
            if rules.nonNegative && percent.sign == .minus {
                let why = percent == 0 ? "takes no sign" : "must not be negative"
                throw RequestError(.invalidValue, "this percentage \(why), got \"\(text.string.excerpt)\"")
            }
            try check(percent, under: rules.limit, unit: "%")
            return .fraction(percent / 100)
        }
        throw RequestError(.unknownToken, "invalid dimension \"\(text.string.excerpt)\"; expected \(rules.accepted)")
    }

    private static func check(_ value: Double, under limit: Double?, unit: String) throws(RequestError) {
        guard let limit, !(abs(value) < limit) else { return }
        // Limits are whole numbers of points or percents.
        throw RequestError(.invalidValue, "must be under \(Int(limit)) \(unit) either way, got \(value)")
    }

    private static func keyword(_ text: UnsafeBufferPointer<UInt8>, _ rules: DimensionRules) -> Dimension? {
        if rules.auto && text.elementsEqual("auto".utf8) { return .auto }
        guard rules.intrinsic else { return nil }
        if text.elementsEqual("max-content".utf8) { return .maxContent }
        if text.elementsEqual("fit-content".utf8) { return .fitContent }
        if text.elementsEqual("stretch".utf8) { return .stretch }
        return nil
    }

    /// The number before a final `%`, in JSON's number grammar and nothing
    /// around it (the reader would skip leading whitespace); infinite when
    /// it overflows.
    private static func percentValue(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = text.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            let last = text.last, last == UInt8(ascii: "%")
        else { return nil }
        var reader = JSONReader(UnsafeBufferPointer(rebasing: text.dropLast()))
        guard let value = try? reader.readNumber(), reader.offset == text.count - 1 else { return nil }
        return value
    }

    /// One Dimension for every edge, or an object of edges.
    package mutating func contractEdges(_ rules: DimensionRules) throws(RequestError) -> Edges {
        guard try peekKind() == .object else { return Edges(all: try contractDimension(rules)) }
        var edges = Edges()
        var seen = KeysSeen<EdgeKey>()
        guard try objectStart() else { return edges }
        repeat {
            let key = try key()
            guard let edge = EdgeKey.table.lookup(key) else {
                try skipExtension(key, context: "edges (accepted: \(EdgeKey.table.namesList))")
                continue
            }
            guard seen.insert(edge) else { throw RequestError.twice(edge.name).at(edge.name) }
            let value: Dimension
            do throws(RequestError) { value = try contractDimension(rules) } catch { throw error.at(edge.name) }
            switch edge {
            case .left: edges.left = value
            case .top: edges.top = value
            case .right: edges.right = value
            case .bottom: edges.bottom = value
            case .start: edges.start = value
            case .end: edges.end = value
            case .horizontal: edges.horizontal = value
            case .vertical: edges.vertical = value
            case .all: edges.all = value
            }
        } while try objectNext()
        return edges
    }

    /// `{"width", "height"}`; a missing or null axis is `missing`
    /// (infinity for a maximum, 0 for a minimum, ...). Lengths must be >= 0.
    package mutating func contractSize(missing: Double) throws(RequestError) -> Size {
        var size = Size(width: missing, height: missing)
        var seen = KeysSeen<SizeKey>()
        if try consumeNull() { return size }
        guard try contractObjectStart() else { return size }
        repeat {
            let key = try key()
            guard let axis = SizeKey.table.lookup(key) else {
                try skipExtension(key, context: "a size (accepted: \"width\" or \"height\")")
                continue
            }
            guard seen.insert(axis) else { throw RequestError.twice(axis.name).at(axis.name) }
            do throws(RequestError) {
                if try consumeNull() { continue }
                let value = try contractLength()
                if axis == .width { size.width = value } else { size.height = value }
            } catch {
                throw error.at(axis == .width ? "width" : "height")
            }
        } while try objectNext()
        return size
    }

    /// `{"x", "y"}`, both optional (0).
    package mutating func contractPoint() throws(RequestError) -> Point {
        var point = Point.zero
        var seen = KeysSeen<PointKey>()
        guard try contractObjectStart() else { return point }
        repeat {
            let key = try key()
            guard let axis = PointKey.table.lookup(key) else {
                try skipExtension(key, context: "a point (accepted: \"x\" or \"y\")")
                continue
            }
            guard seen.insert(axis) else { throw RequestError.twice(axis.name).at(axis.name) }
            do throws(RequestError) {
                let value = try contractNumber()
                if axis == .x { point.x = value } else { point.y = value }
            } catch {
                throw error.at(axis == .x ? "x" : "y")
            }
        } while try objectNext()
        return point
    }

    /// `{"min": Size, "max": Size}`: missing min is 0x0, missing max unbounded.
    package mutating func contractSizeRange() throws(RequestError) -> SizeRange {
        var range = SizeRange.unconstrained
        var seen = KeysSeen<RangeKey>()
        if try consumeNull() { return range }
        guard try contractObjectStart() else { return range }
        repeat {
            let key = try key()
            guard let bound = RangeKey.table.lookup(key) else {
                try skipExtension(key, context: "a size range (accepted: \"min\" or \"max\")")
                continue
            }
            guard seen.insert(bound) else { throw RequestError.twice(bound.name).at(bound.name) }
            do throws(RequestError) {
                if bound == .min { range.min = try contractSize(missing: 0) } else {
                    range.max = try contractSize(missing: .infinity)
                }
            } catch {
                throw error.at(bound == .min ? "min" : "max")
            }
        } while try objectNext()
        if range.min.width > range.max.width {
            throw RequestError(.invalidValue, "min width \(range.min.width) is larger than max width \(range.max.width)")
                .at("width").at("min")
        }
        if range.min.height > range.max.height {
            throw RequestError(
                .invalidValue, "min height \(range.min.height) is larger than max height \(range.max.height)"
            ).at("height").at("min")
        }
        return range
    }
}

enum EdgeKey: Sendable, CaseIterable {
    case left, top, right, bottom, start, end, horizontal, vertical, all

    static let table = KeyTable<EdgeKey>([
        ("left", .left), ("top", .top), ("right", .right), ("bottom", .bottom), ("start", .start), ("end", .end),
        ("horizontal", .horizontal), ("vertical", .vertical), ("all", .all),
    ])

    var name: String {
        switch self {
        case .left: return "left"
        case .top: return "top"
        case .right: return "right"
        case .bottom: return "bottom"
        case .start: return "start"
        case .end: return "end"
        case .horizontal: return "horizontal"
        case .vertical: return "vertical"
        case .all: return "all"
        }
    }
}

enum SizeKey: String, Sendable, CaseIterable {
    case width, height
    static let table = KeyTable<SizeKey>([("width", .width), ("height", .height)])
    var name: String { rawValue }
}

enum PointKey: String, Sendable, CaseIterable {
    case x, y
    static let table = KeyTable<PointKey>([("x", .x), ("y", .y)])
    var name: String { rawValue }
}

enum RangeKey: String, Sendable, CaseIterable {
    case min, max
    static let table = KeyTable<RangeKey>([("min", .min), ("max", .max)])
    var name: String { rawValue }
}
