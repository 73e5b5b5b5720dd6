import Testing
import WeftLayout

@testable import WeftText

@Suite struct MeasurementCacheTests {
    @Test func secondMeasurementIsAHit() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let content = TextContent(text: "cached", font: FontDescriptor(family: "Inter"))
        let first = measurer.measure(content, maxWidth: 100, maxHeight: .infinity)
        let second = measurer.measure(content, maxWidth: 100, maxHeight: .infinity)
        #expect(first == second)
        #expect(measurer.cache.statistics.hits == 1)
        #expect(measurer.cache.statistics.misses == 1)
        _ = measurer.measure(content, maxWidth: 101, maxHeight: .infinity)
        #expect(measurer.cache.statistics.misses == 2)
    }

    @Test func entriesAndBytesStayBounded() {
        let cache = MeasurementCache(maxEntries: 64, maxTextBytes: 4096, shardCount: 4)
        let measurer = WeftTextMeasurer(cache: cache)
        for index in 0..<500 {
            _ = measurer.measure(TextContent(text: "label \(index)"), maxWidth: 200, maxHeight: .infinity)
        }
        let statistics = cache.statistics
        #expect(statistics.entries <= 64)
        #expect(statistics.textBytes <= 4096)
        #expect(statistics.entries > 0)
    }

    @Test func concurrentMeasurementsAgreeWithSerialOnes() async {
        let measurer = WeftTextMeasurer(cache: MeasurementCache(maxEntries: 32, shardCount: 2))
        let texts = (0..<40).map { "Thread \($0): the quick brown fox, 中文, مرحبا, 👋🏽" }
        let serial = texts.map {
            WeftTextMeasurer.measureUncached(
                SanitizedText(TextContent(text: $0, font: FontDescriptor(family: "Noto Sans"))), maxWidth: 150,
                maxHeight: .infinity)
        }
        let results = await withTaskGroup(of: (Int, TextMeasurement).self) { group in
            for round in 0..<8 {
                for (index, text) in texts.enumerated() {
                    group.addTask {
                        let content = TextContent(text: text, font: FontDescriptor(family: "Noto Sans"))
                        return (index, measurer.measure(content, maxWidth: round % 2 == 0 ? 150 : 150.0, maxHeight: .infinity))
                    }
                }
            }
            var collected: [(Int, TextMeasurement)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 320)
        for (index, measurement) in results {
            #expect(measurement == serial[index])
        }
    }
}
