import Testing
@testable import WeftLayout

/// Vectors from Texture's stack tests and reference images (ASStackLayoutSpecSnapshotTests.mm,
/// ASLayoutEngineTests.mm).
@Suite struct StackSpecTests {
    let abc = ["a", "b", "c"]

    @Test func emptyStackIsTheRangeMinimum() {
        let r = frames(stack(.horizontal, []), range(50, 50, 300, 300))
        #expect(r.size == Size(width: 50, height: 50))
    }

    @Test func spaceBetweenWithOneChildStartsAtZero() {
        let s = stack(.horizontal, [box("a", 50, 50)]) { $0.justifyContent = .spaceBetween }
        #expect(frames(s, range(300, 0, 300, .infinity)).byId["a"]?.x == 0)
    }

    @Test func spaceAroundWithOneChildIsCentred() {
        let s = stack(.horizontal, [box("a", 50, 50)]) { $0.justifyContent = .spaceAround }
        #expect(frames(s, range(300, 0, 300, .infinity)).byId["a"]?.x == 125)
    }

    @Test func spaceBetweenGapsStayFractionalUntilFlattened() {
        let s = stack(.horizontal, abc.map { box($0, 50, 50) }) { $0.justifyContent = .spaceBetween }
        #expect(xs(frames(s, range(301, 0, 301, .infinity)).byId, abc) == [0, 125.5, 251])
    }

    @Test func justifyOnlyActsOutsideTheRange() {
        // 150 of content in [0, 300]: no violation, so `end` changes nothing.
        let s = stack(.horizontal, abc.map { box($0, 50, 50) }) { $0.justifyContent = .end }
        let r = frames(s, range(0, 0, 300, 300))
        #expect(xs(r.byId, abc) == [0, 50, 100])
        #expect(r.size == Size(width: 150, height: 50))
    }

    @Test func overflowWithCenterAndEndGoesNegative() {
        let centered = stack(.horizontal, abc.map { box($0, 50, 50) }) { $0.justifyContent = .center }
        #expect(xs(frames(centered, range(110, 0, 110, 300)).byId, abc) == [-20, 30, 80])
        let ended = stack(.horizontal, abc.map { box($0, 50, 50) }) { $0.justifyContent = .end }
        #expect(xs(frames(ended, range(110, 0, 110, 300)).byId, abc) == [-40, 10, 60])
    }

    @Test func growSharesRoundingToZeroDoNotGrow() {
        // Free space 2 among three growers: floor(0.667) = 0 each, nothing grows.
        let s = stack(.horizontal, abc.map { box($0, 50, 50) { $0.flexGrow = 1 } })
        let r = frames(s, range(152, 0, 152, 100))
        #expect(widths(r.byId, abc) == [50, 50, 50])
    }

    @Test func leftoverOfFlooredGrowthGoesToTheFirstFlexibleItem() {
        let s = stack(.vertical, [
            box("a", 50, 25),
            box("b", 50, 0) { $0.flexGrow = 1 },
            box("c", 50, 100) { $0.flexGrow = 1 },
        ])
        let r = frames(s, exactly(300, 300))
        #expect(heights(r.byId, abc) == [25, 88, 187])
        #expect(ys(r.byId, abc) == [0, 25, 113])
    }

    @Test func shrinkIsWeightedBySizeAndClampedAtZero() {
        let s = stack(.horizontal, [box("a", 50, 50), box("b", 50, 50) { $0.flexShrink = 1 }, box("c", 50, 50)])
        let r = frames(s, range(75, 0, 75, 150))
        #expect(widths(r.byId, abc) == [50, 0, 50])
        #expect(xs(r.byId, abc) == [0, 50, 50])
        #expect(r.size == Size(width: 75, height: 50))
    }

    @Test func zeroLengthItemsCannotShrink() {
        let s = stack(.horizontal, [box("a", 50, 50) { $0.flexShrink = 0 }, box("b", 0, 0) { $0.flexShrink = 1 }])
        let r = frames(s, exactly(40, 50))
        #expect(widths(r.byId, ["a", "b"]) == [50, 0])
        #expect(r.size == Size(width: 40, height: 50))
    }

    @Test func shrunkSizesAreCeiledToThePixelGrid() {
        let s = stack(.vertical, [
            box("a", 50, 300) { $0.flexShrink = 2 }, box("b", 50, 100) { $0.flexShrink = 1 },
            box("c", 50, 200) { $0.flexShrink = 2 },
        ])
        let r = frames(s, exactly(400, 400))
        #expect(heights(r.byId, abc) == [191, 82, 127.5])
        #expect(ys(r.byId, abc) == [0, 191, 273])
    }

    @Test func pointScaleZeroRoundsNothing() {
        let s = stack(.vertical, [
            box("a", 50, 300) { $0.flexShrink = 2 }, box("b", 50, 100) { $0.flexShrink = 1 },
            box("c", 50, 200) { $0.flexShrink = 2 },
        ])
        let h = heights(frames(s, exactly(400, 400), scale: 0).byId, abc)
        #expect(abs(h[0] - 2100.0 / 11) < 1e-9)
        #expect(abs(h.reduce(0, +) - 400) < 1e-9)
    }

    @Test func stretchLeavesChildrenWithAPointsCrossSize() {
        let s = stack(.vertical, [box("a", 50, 50), box("b", 100, 50)]) { $0.alignItems = .stretch }
        let r = frames(s, range(50, 50, 300, 300))
        #expect(widths(r.byId, ["a", "b"]) == [50, 100])
    }

    @Test func stretchOverridesAFractionalCrossSize() {
        var child = Element(.box, id: "a")
        child.style.width = .fraction(0.5)
        child.style.height = .points(20)
        let s = stack(.vertical, [child, box("b", 200, 10)]) { $0.alignItems = .stretch }
        // Unbounded across, so the box does not simply fill the maximum first.
        #expect(frames(s, range(0, 0, .infinity, 300)).byId["a"]?.width == 200)
    }

    @Test func minBeatsMaxInAChildsOwnSize() {
        let child = box("a", 100, 100) {
            $0.minWidth = .points(200)
            $0.maxWidth = .points(120)
        }
        let r = frames(stack(.horizontal, [child]), range(0, 0, 500, 500))
        #expect(r.byId["a"]?.width == 200)
    }

    @Test func leafWithoutSizeCollapsesToTheMinimumInAnUnboundedRange() {
        let r = frames(Element(.box, id: "a"), range(320, 0, 320, .infinity))
        #expect(r.size == Size(width: 320, height: 0))
        let bounded = frames(Element(.box, id: "a"), range(0, 0, 100, 100))
        #expect(bounded.size == Size(width: 100, height: 100))
    }

    @Test func fractionalFlexBasisResolvesAgainstAnExactStack() {
        let s = stack(.horizontal, abc.map { id in
            box(id, 50, 50) {
                $0.flexGrow = 1
                if id == "a" { $0.flexBasis = .fraction(0.5) }
            }
        })
        let r = frames(s, range(200, 0, 200, .infinity))
        #expect(widths(r.byId, abc) == [100, 50, 50])
        #expect(xs(r.byId, abc) == [0, 100, 150])
    }

    @Test func layoutEngineFixtureWithShrink() {
        // ASLayoutEngineTests fixture 3: B wants 8 and may shrink by the overflow of 1.
        var b = box("b", 8, 1)
        b.style.flexShrink = 1
        let s = stack(.horizontal, [b, box("c", 1, 1), box("d", 1, 1)]) { $0.justifyContent = .spaceBetween }
        let r = frames(s, range(10, 0, 10, 1), scale: 0)
        #expect(xs(r.byId, ["b", "c", "d"]) == [0, 8, 9])
    }

    @Test func wrapResetsSpacingOnNewLines() {
        let items = (0..<9).map { i in
            box("i\(i)", 50, 50) {
                $0.spacingBefore = 5
                $0.spacingAfter = 5
            }
        }
        let s = stack(.horizontal, items) {
            $0.flexWrap = .wrap
            $0.spacing = 5
            $0.lineSpacing = 5
        }
        let r = frames(s, exactly(190, 300))
        #expect(xs(r.byId, ["i0", "i1", "i2", "i3"]) == [5, 70, 135, 5])
        #expect(ys(r.byId, ["i0", "i3", "i6"]) == [0, 55, 110])
    }

    @Test func baselineFirstAlignsAscenders() {
        let s = stack(.horizontal, [
            box("a", 10, 40) { $0.ascender = 30 },
            box("b", 10, 20) { $0.ascender = 10 },
        ]) { $0.alignItems = .baselineFirst }
        let r = frames(s, range(0, 0, 500, 500))
        #expect(ys(r.byId, ["a", "b"]) == [0, 20])
        #expect(r.size.height == 40)
    }

    @Test func baselineLastUsesDescenders() {
        let s = stack(.horizontal, [
            box("a", 10, 40) { $0.descender = -10 },
            box("b", 10, 20) { $0.descender = -2 },
        ]) { $0.alignItems = .baselineLast }
        let r = frames(s, range(0, 0, 500, 500))
        // Baselines at 30 and 18 from each top: b moves down by 12.
        #expect(ys(r.byId, ["a", "b"]) == [0, 12])
    }

    @Test func baselineWithNoAscenderSitsAtTheTop() {
        let s = stack(.horizontal, [box("a", 10, 40), box("b", 10, 20)]) { $0.alignItems = .baselineFirst }
        let r = frames(s, range(0, 0, 500, 500))
        #expect(ys(r.byId, ["a", "b"]) == [0, 0])
        #expect(r.size.height == 40)
    }

    @Test func verticalStacksExposeFirstAscenderAndLastDescender() {
        var inner = stack(.vertical, [box("a", 10, 20) { $0.ascender = 15 }, box("b", 10, 20) { $0.descender = -4 }])
        inner.id = "inner"
        let node = LayoutEngine.measure(inner, in: .unconstrained, parentSize: .infinite, context: LayoutContext())
        #expect(node.ascender == 15)
        #expect(node.descender == -4)
    }

    @Test func alignmentShorthandsFollowTheFinalDirection() {
        var spec = StackSpec()
        spec.direction = .horizontal
        spec.horizontalAlignment = .right
        spec.verticalAlignment = .center
        let horizontal = spec.resolvingAlignmentShorthands()
        #expect(horizontal.alignItems == .center)
        #expect(horizontal.justifyContent == .end)
        spec.direction = .vertical
        let vertical = spec.resolvingAlignmentShorthands()
        #expect(vertical.alignItems == .end)
        #expect(vertical.justifyContent == .center)
    }

    @Test func reverseDirectionMirrorsAlongTheStackAxis() {
        let s = stack(.horizontalReverse, abc.map { box($0, 50, 50) })
        let r = frames(s, range(300, 0, 300, 300))
        #expect(xs(r.byId, abc) == [250, 200, 150])
    }

    @Test func alignContentStretchSharesFreeCrossSpace() {
        let s = stack(.horizontal, (0..<6).map { box("i\($0)", 50, 50) }) {
            $0.flexWrap = .wrap
            $0.alignContent = .stretch
        }
        let r = frames(s, exactly(110, 300))
        #expect(ys(r.byId, ["i0", "i2", "i4"]) == [0, 100, 200])
    }
}
