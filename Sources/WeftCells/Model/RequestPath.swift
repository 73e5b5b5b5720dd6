/// JSON Pointers into a container request, for errors and warnings.
public enum RequestPath {
    static func section(_ s: Int, shorthand: Bool) -> String {
        shorthand ? "" : "/sections/\(s)"
    }

    static func items(_ s: Int, shorthand: Bool) -> String {
        section(s, shorthand: shorthand) + "/items"
    }

    static func item(_ index: IndexPath, shorthand: Bool) -> String {
        items(index.section, shorthand: shorthand) + "/\(index.item)"
    }

    /// The JSON Pointer of a section's item, header or footer object in the request.
    public static func cell(_ slot: CellSlot, section s: Int, shorthand: Bool) -> String {
        switch slot {
        case .header: return section(s, shorthand: shorthand) + "/header"
        case .footer: return section(s, shorthand: shorthand) + "/footer"
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
