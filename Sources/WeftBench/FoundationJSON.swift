import Foundation

/// Any JSON value through Foundation's Codable machinery: the baseline
/// JSONDecoder / JSONEncoder figure on the same bytes.
enum CodableJSON: Codable {
    case null, bool(Bool), number(Double), string(String), array([CodableJSON]), object([String: CodableJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([CodableJSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: CodableJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
