/// One style object for every element: Texture's ASLayoutElementStyle and the
/// Yoga/CSS flexbox properties. A property that means nothing to the element's
/// parent is ignored by the layout.
///
/// Only `width` and `height`, which most elements set, are stored inline.
/// Every other property lives in one copy-on-write box (Style+Details.swift)
/// that an element allocates only when it sets one of them: a tree's memory
/// is mostly its elements, and a 40-byte style instead of a 300-byte one
/// makes a decoded tree a quarter of the size to write, copy and page in.
public struct Style: Hashable, Sendable {
    // Sizes (Texture and Yoga).
    /// Texture's `style.width`, Yoga's `width`.
    public var width: Dimension = .auto
    /// Texture's `style.height`, Yoga's `height`.
    public var height: Dimension = .auto

    /// Every other property; nil while all of them have their defaults.
    @usableFromInline var box: StyleDetailsBox?

    /// Inlinable: decoders create a style per element.
    @inlinable public init() {}

    /// Texture's `preferredSize` setter: writes width and height as points.
    public mutating func setPreferredSize(_ size: Size) {
        width = .points(size.width)
        height = .points(size.height)
    }

    /// True when no edge of any set was given.
    public var hasNoEdges: Bool { detail { $0.edgeBox == nil } }

    /// The boxed properties, or their defaults (for comparing and hashing).
    var details: StyleDetails { box?.details.pointee ?? StyleDetails() }

    /// One boxed property, or its default. Layout reads these per element
    /// and per pass: `details.x` copied all the details (and retained their
    /// edge box) to read one field.
    @inline(__always)
    func detail<T>(_ read: (borrowing StyleDetails) -> T) -> T {
        guard let box else { return read(defaultStyleDetails) }
        return read(box.details.pointee)
    }

    /// One edge set, or no edges. The edge box is taken out first: reaching
    /// through the details to it copied the details.
    @inline(__always)
    func edges(_ read: (borrowing EdgeSet) -> Edges) -> Edges {
        guard let edgeBox = detail({ $0.edgeBox }) else { return .none }
        return read(edgeBox.edges)
    }

    /// Changes boxed properties, copying the box first if another style shares it.
    @inline(__always)
    mutating func updateDetails(_ change: (inout StyleDetails) -> Void) {
        if box == nil {
            box = StyleDetailsBox(StyleDetails())
        } else if !isKnownUniquelyReferenced(&box!) {
            box = StyleDetailsBox(box!.details.pointee)
        }
        change(&box!.details.pointee)
    }

    /// Equal when every property is: a box holding only defaults equals no box.
    public static func == (a: Style, b: Style) -> Bool {
        a.width == b.width && a.height == b.height && (a.box === b.box || a.details == b.details)
    }

    /// Hashes every property, so equal styles hash alike with or without a box.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(details)
    }
}

/// What a style without a box reads. A constant global (initialized
/// statically): building a default StyleDetails per read, and destroying
/// it, cost more than the read.
private let defaultStyleDetails = StyleDetails()

/// A style's properties beyond width and height, with their defaults.
struct StyleDetails: Hashable, Sendable {
    var minWidth: Dimension = .auto
    var maxWidth: Dimension = .auto
    var minHeight: Dimension = .auto
    var maxHeight: Dimension = .auto

    // Texture stack children.
    var spacingBefore: Double = 0
    var spacingAfter: Double = 0
    var flexGrow: Double?
    var flexShrink: Double?
    var flexBasis: Dimension = .auto
    var alignSelf: Align = .auto
    var ascender: Double = 0
    var descender: Double = 0
    var layoutPosition: Point = .zero

    // Yoga / CSS flexbox.
    var direction: DirectionStyle = .inherit
    var flexDirection: FlexDirection = .column
    var justifyContent: JustifyContent = .flexStart
    var alignItems: Align = .stretch
    var alignContent: Align = .flexStart
    var flexWrap: FlexWrap = .noWrap
    var flex: Double?
    var positionType: PositionType = .relative
    var gap: Dimension?
    var rowGap: Dimension?
    var columnGap: Dimension?
    var aspectRatio: Double?
    var display: Display = .flex
    var overflow: Overflow = .visible
    var boxSizing: BoxSizing = .borderBox

    /// The four edge sets take most of the bytes but are absent from most
    /// elements (every Texture spec, most leaves), so they live in a second
    /// shared, immutable box that only elements with edges allocate.
    var edgeBox: EdgeBox?

    var edges: EdgeSet { edgeBox?.edges ?? EdgeSet() }

    mutating func updateEdges(_ change: (inout EdgeSet) -> Void) {
        var edges = self.edges
        change(&edges)
        edgeBox = edges == EdgeSet() ? nil : EdgeBox(edges)
    }
}

/// The copy-on-write storage of a style's details. Mutated only through
/// `Style.updateDetails` while uniquely referenced (as an Array's buffer is),
/// so sharing it between threads is safe.
/// The details sit behind a pointer the box owns (a `let`) rather than in
/// a stored `var`: layout reads them per element and per pass, and every
/// read of a class's stored `var` paid a dynamic exclusivity check.
@usableFromInline
final class StyleDetailsBox: @unchecked Sendable {
    let details: UnsafeMutablePointer<StyleDetails>

    init(_ details: StyleDetails) {
        self.details = .allocate(capacity: 1)
        self.details.initialize(to: details)
    }

    deinit {
        details.deinitialize(count: 1)
        details.deallocate()
    }
}

/// A style's four edge sets.
struct EdgeSet: Hashable, Sendable {
    var position: Edges = .none
    var margin: Edges = .none
    var padding: Edges = .none
    var border: Edges = .none
}

/// Immutable, so sharing it between copies of a style is safe; equal when the
/// edges are equal, whichever box holds them.
final class EdgeBox: Hashable, Sendable {
    let edges: EdgeSet

    init(_ edges: EdgeSet) { self.edges = edges }

    static func == (a: EdgeBox, b: EdgeBox) -> Bool { a === b || a.edges == b.edges }
    func hash(into hasher: inout Hasher) { hasher.combine(edges) }
}
