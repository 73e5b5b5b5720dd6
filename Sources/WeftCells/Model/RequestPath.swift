/// A place in a request: an RFC 6901 JSON Pointer, kept as components until
/// it is printed. Errors, warnings and refs name the value they are about
/// with one.
public struct RequestPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step: an object key or an array index. A string literal is a key
    /// and an integer literal an index, so `["container", "bounds"]` reads as
    /// the pointer it prints.
    public enum Component: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        /// A key.
        public init(stringLiteral value: String) { self = .key(value) }
        /// An index.
        public init(integerLiteral value: Int) { self = .index(value) }
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// The pointer of the given steps; none is the whole document.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// `["container", "bounds"]` is `/container/bounds`.
    public init(arrayLiteral components: Component...) {
        self.components = components
    }

    /// The pointer of steps collected from the value outwards.
    public init(reversed: [Component]) {
        self.components = reversed.reversed()
    }

    /// This pointer one step further in.
    public func appending(_ component: Component) -> RequestPath {
        var longer = self
        longer.components.append(component)
        return longer
    }

    /// `path`, taken from this pointer instead of the document's root.
    public func appending(_ path: RequestPath) -> RequestPath {
        RequestPath(components + path.components)
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

/// The places of a container request's sections and cells.
extension RequestPath {
    /// A section; with the `items` shorthand, the request itself.
    static func section(_ s: Int, shorthand: Bool) -> RequestPath {
        shorthand ? RequestPath() : RequestPath(["sections", .index(s)])
    }

    /// A section's `items` array.
    static func items(_ s: Int, shorthand: Bool) -> RequestPath {
        section(s, shorthand: shorthand).appending("items")
    }

    static func item(_ index: IndexPath, shorthand: Bool) -> RequestPath {
        items(index.section, shorthand: shorthand).appending(.index(index.item))
    }

    /// A section's item, header or footer object.
    public static func cell(_ slot: CellSlot, section s: Int, shorthand: Bool) -> RequestPath {
        switch slot {
        case .header: return section(s, shorthand: shorthand).appending("header")
        case .footer: return section(s, shorthand: shorthand).appending("footer")
        case .item(let i): return item(IndexPath(section: s, item: i), shorthand: shorthand)
        }
    }
}

/// Where a cell sits in its section.
public enum CellSlot: Sendable, Hashable {
    case header
    case footer
    case item(Int)
}
