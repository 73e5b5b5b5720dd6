/// An RFC 6901 JSON Pointer, kept as components until it is printed.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// One step of a pointer: an object key or an array index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// The pointer of the given steps; none is the whole document.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The pointer of steps collected from the value outwards.
    public init(reversed: [Component]) {
        self.components = reversed.reversed()
    }

    /// This pointer one step further in.
    public func appending(_ component: Component) -> JSONPointer {
        JSONPointer(components + [component])
    }

    /// `~` and `/` inside a key are escaped as `~0` and `~1` (RFC 6901 section 3).
    public var description: String {
        var out = ""
        for component in components {
            out.append("/")
            switch component {
            case .index(let i):
                out.append(String(i))
            case .key(let key):
                for ch in key.unicodeScalars {
                    switch ch {
                    case "~": out.append("~0")
                    case "/": out.append("~1")
                    default: out.unicodeScalars.append(ch)
                    }
                }
            }
        }
        return out
    }
}
