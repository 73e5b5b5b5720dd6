import WeftLayout

/// UIEdgeInsets: resolved edges in points.
public struct Insets: Sendable, Hashable {
    /// Points inside the top edge.
    public var top: Double
    /// Points inside the left edge.
    public var left: Double
    /// Points inside the bottom edge.
    public var bottom: Double
    /// Points inside the right edge.
    public var right: Double

    /// Insets of the given points.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = Insets()

    /// Left plus right.
    public var horizontal: Double { left + right }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }

    /// A collection's content extent across its scroll axis: `viewport`
    /// less these content insets on that axis, as ASCollectionViewLayoutInspector.mm's
    /// `NodeConstrainedSizeForScrollDirection` subtracts them (section insets
    /// are not). Insets wider than the viewport leave none: a content size is
    /// never negative.
    func contentAcross(_ viewport: Size, scrollingHorizontally: Bool) -> Double {
        max(0, scrollingHorizontally ? viewport.height - vertical : viewport.width - horizontal)
    }

    /// Edges resolved with Yoga's precedence (a specific edge beats
    /// `horizontal`/`vertical`, which beat `all`; `start`/`end` beat left/right
    /// and follow the layout direction). A fraction is of `reference` along the
    /// edge's axis (UIKit insets have no percentages; this is Weft's reading);
    /// `auto` and the intrinsic keywords are 0.
    public init(_ edges: Edges, direction: LayoutDirection, reference: Size) {
        let leading = direction == .ltr ? edges.start : edges.end
        let trailing = direction == .ltr ? edges.end : edges.start
        func value(_ d: Dimension?, _ length: Double) -> Double {
            guard let d else { return 0 }
            switch d {
            case .points(let v): return v
            case .fraction(let f): return f * length
            case .auto, .maxContent, .fitContent, .stretch: return 0
            }
        }
        self.init(
            top: value(edges.top ?? edges.vertical ?? edges.all, reference.height),
            left: value(leading ?? edges.left ?? edges.horizontal ?? edges.all, reference.width),
            bottom: value(edges.bottom ?? edges.vertical ?? edges.all, reference.height),
            right: value(trailing ?? edges.right ?? edges.horizontal ?? edges.all, reference.width))
    }
}
