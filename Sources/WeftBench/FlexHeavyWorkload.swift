import WeftLayout

/// A flex workload that exercises what the feed does not: wrapping with
/// align-content, absolutely positioned children, percentages (sizes, bases,
/// padding, insets), min and max sizes, and rows and columns nested six deep.
/// About 30 elements a card; deterministic.
enum FlexHeavyWorkload {
    static func card(_ i: Int) -> Element {
        let alignContents: [Align] = [.spaceBetween, .center, .stretch, .spaceAround, .flexEnd]
        let chips = (0..<8).map { k in
            FlexBench.flex(nil) {
                $0.width = k % 3 == 0 ? .fraction(0.22) : .points(Double(30 + (17 * (i + k)) % 70))
                $0.height = .points(Double(18 + (i + k) % 3 * 4))
                $0.minWidth = .points(24)
                $0.maxWidth = .fraction(0.45)
                $0.flexGrow = k % 2 == 0 ? 1 : 0
                $0.margin = Edges(all: .points(2))
            }
        }
        // A minimum height leaves align-content free space to distribute.
        let tags = FlexBench.flex(nil, {
            $0.flexDirection = .row
            $0.flexWrap = .wrap
            $0.alignContent = alignContents[i % alignContents.count]
            $0.alignItems = .center
            $0.minHeight = .points(90)
            $0.gap = .points(4)
            $0.padding = Edges(all: .fraction(0.02))
        }, chips)
        let badge = FlexBench.flex(nil) {
            $0.positionType = .absolute
            $0.position = Edges(top: .points(4), right: .points(4))
            $0.width = .points(20)
            $0.height = .points(20)
        }
        let bar = FlexBench.flex(nil) {
            $0.positionType = .absolute
            $0.position = Edges(left: .fraction(0.1), bottom: .points(0))
            $0.width = .fraction(0.5)
            $0.height = .points(3)
        }
        return FlexBench.flex(nil, {
            $0.flexDirection = .column
            $0.padding = Edges(all: .points(8))
            $0.gap = .points(6)
            $0.maxWidth = .points(600)
        }, [tags, nested(i, depth: 6), badge, bar])
    }

    /// Alternating rows and columns: each level holds a leaf sized by a
    /// percentage basis between a min and a max, the next level, and a
    /// fixed sibling that the level shrinks against.
    static func nested(_ i: Int, depth: Int) -> Element {
        let isRow = depth % 2 == 0
        let leaf = FlexBench.flex(nil) {
            $0.flexBasis = .fraction(0.3)
            $0.flexGrow = 1
            $0.flexShrink = 1
            $0.minWidth = .points(12)
            $0.maxWidth = .points(Double(80 + (i * 13 + depth * 7) % 60))
            $0.minHeight = .points(10)
            $0.maxHeight = .points(60)
        }
        let fixed = FlexBench.flex(nil) {
            $0.width = .points(Double(20 + (i + depth) % 5 * 6))
            $0.height = .points(16)
            $0.flexShrink = 1
        }
        let children = depth > 1 ? [leaf, nested(i, depth: depth - 1), fixed] : [leaf, fixed]
        return FlexBench.flex(nil, {
            $0.flexDirection = isRow ? .row : .column
            $0.flexGrow = 1
            $0.flexShrink = 1
            $0.padding = Edges(all: .points(2))
            $0.gap = .fraction(0.01)
            $0.minHeight = .points(20)
            $0.alignItems = depth % 3 == 0 ? .center : .stretch
        }, children)
    }

    static func feed(cells: Int) -> Element {
        FlexBench.flex(nil, { $0.flexDirection = .column }, (0..<cells).map(card))
    }
}
