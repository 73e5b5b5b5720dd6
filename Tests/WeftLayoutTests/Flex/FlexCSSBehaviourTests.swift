import Testing
@testable import WeftLayout

/// Where CSS (and browsers) differ from Yoga, Weft follows CSS. Each
/// expectation is worked out from the specification in the comment.
@Suite struct FlexCSSBehaviourTests {
    func row(_ w: Double, _ configure: (inout Style) -> Void = { _ in }, _ children: [Element]) -> Element {
        flexNode("root", {
            $0.flexDirection = .row
            $0.width = .points(w)
            $0.height = .points(100)
            configure(&$0)
        }, children)
    }

    /// §9.7 loop: a min-violating item is frozen and the rest is distributed
    /// again (min_height/min_width in Yoga's gentest, disabled there).
    @Test func minViolationsRedistributeTheRest() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("a") { $0.flexGrow = 1; $0.minWidth = .points(60) },
            flexNode("b") { $0.flexGrow = 1 },
        ]))
        #expect(r.byId["a"]?.width == 60)
        #expect(r.byId["b"] == frame(60, 0, 40, 100))
    }

    /// CSS Sizing §5.2: min-width wins over a smaller max-width.
    @Test func minWinsOverMax() {
        let r = flexFrames(row(300, { _ in }, [flexNode("a") { $0.width = .points(80); $0.minWidth = .points(100); $0.maxWidth = .points(50) }]))
        #expect(r.byId["a"]?.width == 100)
    }

    /// §4.5: an item does not shrink below its content (an 80 wide child);
    /// with `min-width: 0` it shrinks like its sibling.
    @Test func automaticMinimumSize() {
        func tree(minWidth: Dimension) -> Element {
            row(100, { _ in }, [
                flexNode("a", { $0.flexShrink = 1; $0.flexDirection = .row; $0.minWidth = minWidth }, [
                    flexNode("content") { $0.width = .points(80) }
                ]),
                flexNode("b") { $0.flexShrink = 1; $0.width = .points(80) },
            ])
        }
        let auto = flexFrames(tree(minWidth: .auto))
        #expect(auto.byId["a"]?.width == 80)
        #expect(auto.byId["b"] == frame(80, 0, 20, 100))
        let zero = flexFrames(tree(minWidth: .points(0)))
        #expect(zero.byId["a"]?.width == 50)
        #expect(zero.byId["b"]?.width == 50)
    }

    /// A zero flex basis in a content-sized column: the automatic minimum
    /// keeps the item (and so the container) as tall as its content.
    @Test func zeroBasisInContentSizedColumn() {
        let r = flexFrames(flexNode("root", { $0.width = .points(100) }, [
            flexNode("item", { $0.flex = 1 }, [flexNode("content") { $0.height = .points(50) }])
        ]))
        #expect(r.byId["item"]?.height == 50)
        #expect(r.size.height == 50)
    }

    /// Shrinking is weighted by the inner (content-box) flex base size, so
    /// padding does not attract shrinkage.
    @Test func shrinkIsScaledByTheContentBox() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("a") { $0.flexShrink = 1; $0.width = .points(100); $0.padding = Edges(left: .points(50)) },
            flexNode("b") { $0.flexShrink = 1; $0.width = .points(50) },
        ]))
        // Inner bases 50 and 50 share 50 of overflow equally.
        #expect(r.byId["a"]?.width == 75)
        #expect(r.byId["b"]?.width == 25)
    }

    /// CSS `start`/`end` follow the writing mode: in `row-reverse` (LTR)
    /// `start` is the left edge, where `flex-start` is the right one.
    @Test func justifyStartAndEndInRowReverse() {
        func x(_ j: JustifyContent) -> Double? {
            flexFrames(row(100, { $0.flexDirection = .rowReverse; $0.justifyContent = j }, [flexNode("a") { $0.width = .points(10) }])).byId["a"]?.x
        }
        #expect(x(.start) == 0)
        #expect(x(.flexStart) == 90)
        #expect(x(.end) == 90)
        #expect(x(.flexEnd) == 0)
    }

    /// `align-self: end` is the block end (bottom) even when wrap-reverse
    /// makes `flex-end` the top.
    @Test func alignEndWithWrapReverse() {
        func y(_ a: Align) -> Double? {
            flexFrames(row(100, { $0.flexWrap = .wrapReverse; $0.alignContent = .stretch }, [
                flexNode("a") { $0.width = .points(10); $0.height = .points(10); $0.alignSelf = a }
            ])).byId["a"]?.y
        }
        #expect(y(.end) == 90)
        #expect(y(.flexEnd) == 0)
        #expect(y(.start) == 0)
        #expect(y(.flexStart) == 90)
    }

    /// With negative free space `space-around` falls back to `safe center`,
    /// i.e. `start`, which in row-reverse is the left edge.
    @Test func spaceAroundOverflowFallsBackToStart() {
        let r = flexFrames(row(100, { $0.flexDirection = .rowReverse; $0.justifyContent = .spaceAround }, [
            flexNode("a") { $0.width = .points(80) },
            flexNode("b") { $0.width = .points(80) },
        ]))
        #expect(r.byId["b"]?.x == 0)
        #expect(r.byId["a"]?.x == 80)
    }

    /// A percentage gap of an indefinite size is zero.
    @Test func percentageGapOfContentSizedContainer() {
        let r = flexFrames(flexNode("root", { $0.width = .points(100); $0.rowGap = .fraction(0.5) }, [
            flexNode("a") { $0.height = .points(10) },
            flexNode("b") { $0.height = .points(10) },
        ]))
        #expect(r.byId["b"]?.y == 10)
    }

    /// Content-box sizing applies to flex-basis too.
    @Test func contentBoxFlexBasis() {
        let r = flexFrames(row(300, { _ in }, [flexNode("a") { $0.flexBasis = .points(50); $0.padding = Edges(all: .points(5)); $0.boxSizing = .contentBox }]))
        #expect(r.byId["a"]?.width == 60)
    }

    /// An absolutely positioned child without insets sits where it would as
    /// the only item: centred by justify-content and align-items.
    @Test func absoluteStaticPositionIsCentred() {
        let r = flexFrames(row(100, { $0.justifyContent = .center; $0.alignItems = .center }, [
            flexNode("abs") { $0.positionType = .absolute; $0.width = .points(20); $0.height = .points(10) }
        ]))
        #expect(r.byId["abs"] == frame(40, 45, 20, 10))
    }

    /// CSS 2 §10.3.7/§10.6.4: auto margins centre an absolutely positioned
    /// box between its insets.
    @Test func absoluteAutoMarginsCentre() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("abs") {
                $0.positionType = .absolute
                $0.width = .points(20)
                $0.height = .points(10)
                $0.position = Edges(all: .points(0))
                $0.margin = Edges(all: .auto)
            }
        ]))
        #expect(r.byId["abs"] == frame(40, 45, 20, 10))
    }

    /// §9.9.1: a content-sized row is as wide as its items' max-content
    /// contributions, even when their flex basis is zero; they then grow
    /// back to it ("hello world" in Ahem 10 is 110 wide).
    @Test func contentSizedRowUsesMaxContentContributions() {
        var text = Element(.text(TextContent(text: "hello world", font: FontDescriptor(family: "Ahem", size: 10), lineHeight: 10)), id: "text")
        text.style.flex = 1
        let r = flexFrames(flexNode("root", { $0.flexDirection = .row; $0.positionType = .absolute }, [text]))
        #expect(r.size.width == 110)
        #expect(r.byId["text"] == frame(0, 0, 110, 10))
    }

    /// wrap-reverse makes the bottom the cross-start side: an item's bottom
    /// margin edge sits on the content box's bottom edge.
    @Test func wrapReverseUsesTheFarSidesPaddingAndMargin() {
        let r = flexFrames(row(100, { $0.flexWrap = .wrapReverse; $0.padding = Edges(top: .points(10)); $0.alignItems = .flexStart }, [
            flexNode("a") { $0.width = .points(10); $0.height = .points(10); $0.margin = Edges(bottom: .points(5)) }
        ]))
        #expect(r.byId["a"] == frame(0, 85, 10, 10))
    }

    /// A content-sized wrapping column is as wide as its widest item; its
    /// second column overflows (what browsers do).
    @Test func wrappingColumnWidthIsItsWidestItem() {
        let r = flexFrames(flexNode("root", { $0.flexWrap = .wrap; $0.height = .points(50); $0.positionType = .absolute }, [
            flexNode("a") { $0.width = .points(30); $0.height = .points(30) },
            flexNode("b") { $0.width = .points(30); $0.height = .points(30) },
        ]))
        #expect(r.size.width == 30)
        #expect(r.byId["b"] == frame(30, 0, 30, 30))
    }

    /// Relative offsets shift an item after layout; `right` loses to `left`.
    @Test func relativeOffsets() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("a") { $0.width = .points(10); $0.position = Edges(left: .points(5), top: .points(-3), right: .points(50)) }
        ]))
        #expect(r.byId["a"] == frame(5, -3, 10, 100))
    }

    /// Aspect ratio: width 100 at ratio 2 gives 50 high, clamped by max-height.
    @Test func aspectRatioWithMaxHeight() {
        let r = flexFrames(flexNode("root", { $0.width = .points(300); $0.alignItems = .flexStart }, [
            flexNode("a") { $0.width = .points(100); $0.aspectRatio = 2; $0.maxHeight = .points(30) },
            flexNode("b") { $0.width = .points(100); $0.aspectRatio = 2 },
        ]))
        #expect(r.byId["a"] == frame(0, 0, 100, 30))
        #expect(r.byId["b"] == frame(0, 30, 100, 50))
    }

    /// display: none is present with a zero frame; contents' children are
    /// items of the grandparent, placed relative to its zero frame.
    @Test func displayNoneAndContents() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("none", { $0.display = .none; $0.width = .points(50) }, [flexNode("hidden") { $0.width = .points(5) }]),
            flexNode("contents", { $0.display = .contents }, [flexNode("inner") { $0.width = .points(30) }]),
            flexNode("last") { $0.width = .points(10) },
        ]))
        #expect(r.byId["none"] == frame(0, 0, 0, 0))
        #expect(r.byId["hidden"] == frame(0, 0, 0, 0))
        #expect(r.byId["contents"] == frame(0, 0, 0, 0))
        #expect(r.byId["inner"] == frame(0, 0, 30, 100))
        #expect(r.byId["last"] == frame(30, 0, 10, 100))
    }

    /// Pixel-grid rounding: three equal thirds of 100 round to edges on
    /// whole points without gaps.
    @Test func pixelGridRounding() {
        let r = flexFrames(row(100, { _ in }, [
            flexNode("a") { $0.flexGrow = 1 }, flexNode("b") { $0.flexGrow = 1 }, flexNode("c") { $0.flexGrow = 1 },
        ]), scale: 1)
        #expect([r.byId["a"]!.x, r.byId["b"]!.x, r.byId["c"]!.x] == [0, 33, 67])
        #expect([r.byId["a"]!.width, r.byId["b"]!.width, r.byId["c"]!.width] == [33, 34, 33])
    }

    /// CSS Sizing 3 §5.2.1: a percentage of a width that depends on the
    /// content is `auto` while that width is found, and resolves against it
    /// afterwards (a 60 wide container from its min-width: the item is 30).
    @Test func percentageOfContentSizedWidth() {
        let minWidth = flexFrames(flexNode("root", { $0.flexDirection = .row; $0.minWidth = .points(60); $0.height = .points(50) }, [
            flexNode("a") { $0.width = .fraction(0.5); $0.height = .points(20) }
        ]))
        #expect(minWidth.size.width == 60)
        #expect(minWidth.byId["a"]?.width == 30)
        // With only a max-width the content (an `auto` item, empty) is 0 wide.
        let maxWidth = flexFrames(flexNode("root", { $0.flexDirection = .row; $0.maxWidth = .points(60); $0.height = .points(50) }, [
            flexNode("a") { $0.width = .fraction(0.5); $0.height = .points(20) }
        ]))
        #expect(maxWidth.size.width == 0)
        #expect(maxWidth.byId["a"]?.width == 0)
    }
}
