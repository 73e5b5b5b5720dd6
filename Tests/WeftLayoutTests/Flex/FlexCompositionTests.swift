import Testing
@testable import WeftLayout

/// A `flex` element inside Texture specs and Texture elements inside `flex`.
@Suite struct FlexCompositionTests {
    /// A stack gives its flex child a size range; a bounded maximum is the
    /// flex element's owner size (filled), an unbounded one leaves it
    /// content-sized.
    @Test func flexInsideStack() {
        var spec = StackSpec()
        spec.direction = .vertical
        let card = flexNode("card", {
            $0.flexDirection = .row
            $0.padding = Edges(all: .points(12))
            $0.gap = .points(10)
            $0.alignItems = .flexStart
        }, [
            flexNode("avatar") { $0.width = .points(44); $0.height = .points(44) },
            flexNode("column", { $0.flexGrow = 1 }, [flexNode("line") { $0.height = .points(20) }]),
        ])
        let root = Element(.stack(spec), id: "stack", children: [flexBox("header", 375, 30), card])
        let r = flexFrames(root, SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity)))
        #expect(r.byId["card"] == frame(0, 30, 375, 68))
        #expect(r.byId["avatar"] == frame(12, 42, 44, 44))
        #expect(r.byId["column"] == frame(66, 42, 297, 20))
        #expect(r.byId["line"] == frame(66, 42, 297, 20))
        #expect(r.size == Size(width: 375, height: 98))
    }

    /// A stack inside flex is measured like a Yoga measure function: at its
    /// max-content size when nothing constrains it, then laid out at exactly
    /// the size flexbox gives it.
    @Test func stackInsideFlex() {
        var spec = StackSpec()
        spec.direction = .horizontal
        spec.spacing = 5
        spec.alignItems = .start
        let content = Element(.stack(spec), id: "stack", children: [flexBox("a", 40, 20), flexBox("b", 30, 50)])
        let sized = flexNode("root", {
            $0.flexDirection = .row
            $0.width = .points(300)
            $0.alignItems = .flexStart
        }, [content])
        let r = flexFrames(sized)
        #expect(r.byId["stack"] == frame(0, 0, 75, 50))
        #expect(r.byId["b"] == frame(45, 0, 30, 50))

        var grown = content
        grown.style.flexGrow = 1
        let g = flexFrames(flexNode("root", {
            $0.flexDirection = .row
            $0.width = .points(300)
            $0.alignItems = .flexStart
        }, [grown]))
        #expect(g.byId["stack"] == frame(0, 0, 300, 50))
    }

    /// A spec nested inside flex elements, beside a subtree of flex elements
    /// alone, still gets Texture's position rounding (its child's position
    /// ceiled to the pixel grid), however deep it sits.
    @Test func specDeepInsideFlexIsRounded() throws {
        var spec = StackSpec()
        spec.direction = .horizontal
        spec.spacing = 0.5
        spec.alignItems = .start
        let stack = Element(.stack(spec), id: "stack", children: [flexBox("a", 10, 10), flexBox("b", 10, 10)])
        let root = flexNode("root", { $0.flexDirection = .row }, [
            flexNode("flexOnly", { $0.width = .points(20) }, [flexNode { $0.height = .points(7.3) }]),
            flexNode("outer", { _ in }, [flexNode("inner", { _ in }, [stack])]),
        ])
        let r = flexFrames(root, scale: 1)
        let origin = try #require(r.byId["stack"]?.x)
        #expect(r.byId["a"]?.x == origin)
        // Unrounded, b would sit at origin + 10.5.
        #expect(r.byId["b"]?.x == (origin + 10.5).rounded(.up))
    }

    /// Yoga's measure modes map onto Texture size ranges per axis.
    @Test func measureModesBecomeSizeRanges() {
        let r = FlexLayoutPass.measureRange(width: 120, .exactly, height: 80, .atMost)
        #expect(r == SizeRange(min: Size(width: 120, height: 0), max: Size(width: 120, height: 80)))
        let u = FlexLayoutPass.measureRange(width: .nan, .undefined, height: 10, .exactly)
        #expect(u == SizeRange(min: Size(width: 0, height: 10), max: Size(width: .infinity, height: 10)))
    }

    /// A spec without text (an inset around a box) is measured with the
    /// container's width as an upper bound when it is not stretched.
    @Test func textlessSpecInsideFlexIsMeasured() {
        let inset = Element(.inset(InsetSpec(top: 10, left: 10, bottom: 10, right: 10)), id: "inset", children: [flexBox("box", 30, 30)])
        let root = flexNode("root", { $0.width = .points(200); $0.alignItems = .flexStart }, [inset, flexNode("after") { $0.height = .points(5) }])
        let r = flexFrames(root)
        #expect(r.byId["inset"] == frame(0, 0, 50, 50))
        #expect(r.byId["box"] == frame(10, 10, 30, 30))
        #expect(r.byId["after"] == frame(0, 50, 0, 5))
        #expect(r.size == Size(width: 200, height: 55))

        // An image keeps its intrinsic size as a row item's max-content size.
        var image = Element(.image(intrinsicSize: Size(width: 64, height: 48)), id: "image")
        image.style.flexShrink = 0
        let row = flexNode("row", { $0.flexDirection = .row; $0.alignItems = .center; $0.height = .points(100) }, [image])
        #expect(flexFrames(row).byId["image"] == frame(0, 26, 64, 48))
    }

    /// The layout direction flows from a flex element through a spec into a
    /// nested flex element: a row inside a wrapper inside an RTL flex root
    /// starts on the right.
    @Test func rtlInheritsThroughASpec() {
        func tree(rootDirection: DirectionStyle) -> Element {
            let inner = flexNode("inner", { $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(10) }, [
                flexNode("first") { $0.width = .points(10) },
                flexNode("second") { $0.width = .points(20) },
            ])
            return flexNode("root", { $0.direction = rootDirection; $0.alignItems = .flexStart }, [
                Element(.wrapper, id: "wrapper", children: [inner])
            ])
        }
        let fromRequest = flexFrames(tree(rootDirection: .inherit), direction: .rtl)
        #expect(fromRequest.byId["first"]?.x == 90)
        #expect(fromRequest.byId["second"]?.x == 70)
        let fromStyle = flexFrames(tree(rootDirection: .rtl), direction: .ltr)
        #expect(fromStyle.byId["first"]?.x == 90)
        let ltr = flexFrames(tree(rootDirection: .inherit), direction: .ltr)
        #expect(ltr.byId["first"]?.x == 0)
    }

    /// A flex element inside a spec is clamped into the range it is given,
    /// as Texture's layoutThatFits: clamps every result.
    @Test func flexInsideSpecIsClampedToItsRange() {
        let big = flexNode("big") { $0.width = .points(500); $0.height = .points(40) }
        let node = LayoutEngine.measure(
            big, in: SizeRange(min: .zero, max: Size(width: 300, height: 300)), parentSize: Size(width: 300, height: 300),
            context: LayoutContext())
        #expect(node.size == Size(width: 300, height: 40))
    }
}
