import Testing
import WeftLayout

@testable import WeftText

/// Measuring the same text in the same width twice is answered from the cache.
@Suite struct CacheReuseTests {
    @Test func repeatedMeasurementsHitTheCache() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let font = FontDescriptor(family: "DejaVu Sans", size: 14)
        let texts = (0..<50).map { "label \($0)" }
        let first = texts.map { measurer.measure(TextContent(text: $0, font: font), maxWidth: 120, maxHeight: .infinity) }
        let hitsBefore = measurer.cache.statistics.hits
        let second = texts.map { measurer.measure(TextContent(text: $0, font: font), maxWidth: 120, maxHeight: .infinity) }
        #expect(second == first)
        #expect(measurer.cache.statistics.hits - hitsBefore >= texts.count)
    }
}
