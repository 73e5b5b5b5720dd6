import Testing
@testable import WeftLayout

@Suite struct SizeRangeIntersectTests {
    // ASDimensionTests.mm's vectors, each applied to both axes.
    @Test(arguments: [
        ((0.0, 10.0), (7.0, 15.0), (7.0, 10.0)),
        ((2, 8), (0, 10), (2, 8)),
        ((0, 10), (2, 8), (2, 8)),
        ((0, 5), (10, 15), (5, 5)),
        ((10, 15), (0, 5), (10, 10)),
    ])
    func intersect(r: (Double, Double), other: (Double, Double), expected: (Double, Double)) {
        let a = SizeRange(min: Size(width: r.0, height: r.0), max: Size(width: r.1, height: r.1))
        let b = SizeRange(min: Size(width: other.0, height: other.0), max: Size(width: other.1, height: other.1))
        let got = a.intersect(b)
        #expect(got.min == Size(width: expected.0, height: expected.0))
        #expect(got.max == Size(width: expected.1, height: expected.1))
    }
}
