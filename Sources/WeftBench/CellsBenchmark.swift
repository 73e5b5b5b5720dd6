import Foundation
import WeftCells
import WeftJSON
import WeftLayout
import WeftService

/// The cell engine's figures on the feed workloads (bench/feed.py), in process: medians over
/// `--runs` repeats (printed, never asserted).
struct CellsBenchmark {
    let options: BenchOptions
    let cores = ProcessInfo.processInfo.activeProcessorCount

    func run() {
        let feed = CellsBenchmark.feed(options, cells: options.cells, form: "stack")
        if options.phase == "workers" {
            workerSpeedUp(feed)
            return
        }
        if options.phase == "pool" {
            print(String(format: "pool speed-up on a busy loop at %d threads: %.2fx", cores, poolScaling()))
            return
        }
        if options.phase == "trees" {
            let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil)
            let p = prepared(engine, feed)
            for _ in 0..<options.runs { _ = trees(p) }
            return
        }
        if options.phase == "stream" {
            stream(CellsBenchmark.feed(options, cells: options.streamCells, form: "stack"))
            return
        }
        if options.phase == "read" {
            let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil)
            for _ in 0..<options.runs { _ = engine.prepare(feed) }
            return
        }
        if options.phase == "warm" || options.phase == "cold" {
            // For a profiler: only the warm (or cold) whole request, repeated.
            let engine = ContainerEngine(
                workers: options.workers ?? 1, cacheBytes: options.phase == "warm" ? 64 << 20 : 0, textMeasurer: nil)
            for _ in 0..<options.runs { _ = engine.respond(body: feed) }
            return
        }
        print("feed-\(options.cells) table (stack form): \(feed.count) bytes, \(options.runs) runs, medians; \(cores) cores")
        stages(feed)
        for form in ["stack", "flex"] {
            layoutPerElement(CellsBenchmark.feed(options, cells: options.cells, form: form), form: form)
        }
        endToEnd(feed)
        cache(feed)
        if !options.skipStream {
            stream(CellsBenchmark.feed(options, cells: options.streamCells, form: "stack"))
        }
    }

    static func feed(_ options: BenchOptions, cells: Int, form: String) -> [UInt8] {
        JSONBenchmark.loadFeed(options, ["--container", "table"], cells: cells, form: form)
    }

    private func prepared(_ engine: ContainerEngine, _ body: [UInt8]) -> PreparedContainer {
        guard case .ready(let p) = engine.prepare(body) else {
            print("the feed does not decode")
            exit(1)
        }
        return p
    }

    /// Every cell's tree, decoded on this thread.
    private func trees(_ p: PreparedContainer) -> (trees: [Element?], elements: Int) {
        var decoder = ElementDecoder()
        decoder.viewWarnings = .belowRoot
        var out: [Element?] = []
        out.reserveCapacity(p.jobs.count)
        p.scope.body.withUnsafeBufferPointer { buffer in
            for k in p.work.indices {
                guard case .layOut = p.work[k], let source = p.sources[k].node else {
                    out.append(nil)
                    continue
                }
                var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[source.range]))
                decoder.beginIDScope()
                out.append(try? decoder.decodeRoot(&reader))
            }
        }
        return (out, decoder.elementCount)
    }

    // MARK: - Stages, single-threaded

    private func stages(_ body: [UInt8]) {
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil)
        let decode = Stopwatch.measure(runs: options.runs) { () -> [Element?] in
            trees(prepared(engine, body)).trees
        }
        let p = prepared(engine, body)
        let hashOnly = Stopwatch.measure(runs: options.runs) { () -> PreparedContainer in prepared(engine, body) }
        let (roots, elements) = trees(p)
        let context = ContainerLayout.cellContext(p.request, LayoutContext())
        let measured = zip(p.jobs, roots).map { job, root -> (MeasuredCell, Element?) in
            var cell = job.cell
            cell.node = root
            return (CellMeasurer.measure(cell, in: job.range, context: context), root)
        }
        let placed = engine.place(p, measured.map { CellOutcome(size: $0.0.size, layout: nil, root: $0.1) })
        // Encoding: every cell's tree (as the pool does) and the response around them.
        func encode() -> [UInt8] {
            let outcomes = measured.map { m, root -> CellOutcome in
                var out = JSONWriter(capacity: 1024)
                if let node = m.layout, let root { LayoutResponseEncoder.writeNode(node, root, &out) }
                return CellOutcome(size: m.size, layout: out.bytes)
            }
            return ContainerResponseEncoder.encode(placed, warnings: [], stats: p.stats, prepared: p, outcomes: outcomes)
        }
        let response = encode()
        let encodeTime = Stopwatch.measure(runs: options.runs) { () -> [UInt8] in encode() }
        report("decode (whole request)", body.count, decode)
        report("  of which reading pass", body.count, hashOnly)
        let warmEngine = ContainerEngine(workers: 1, cacheBytes: 64 << 20, textMeasurer: nil)
        _ = warmEngine.respond(body: body)
        let warmRead = Stopwatch.measure(runs: options.runs) { () -> PreparedContainer in prepared(warmEngine, body) }
        report("  read, cells seen before", body.count, warmRead)
        let noMemo = ContainerEngine(workers: 1, cacheBytes: 64 << 20, textMeasurer: nil, rememberRawCells: false)
        _ = noMemo.respond(body: body)
        report("  the same without the memo", body.count, Stopwatch.measure(runs: options.runs) { () -> PreparedContainer in
            prepared(noMemo, body)
        })
        report("encode (whole response)", response.count, encodeTime)
        print("  \(elements) elements, response \(response.count) bytes")
        let data = Data(body)
        report("JSONSerialization decode", body.count, Stopwatch.measure(runs: options.runs) { () -> Any in
            (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
        })
        let object = (try? JSONSerialization.jsonObject(with: Data(response))) ?? NSNull()
        report("JSONSerialization encode", response.count, Stopwatch.measure(runs: options.runs) { () -> Data? in
            try? JSONSerialization.data(withJSONObject: object)
        })
    }

    /// One layout call per cell on fresh trees (decoded before the clock
    /// starts), single-threaded: the figure to hold against Yoga's ns/node.
    private func layoutPerElement(_ body: [UInt8], form: String) {
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil)
        let p = prepared(engine, body)
        let (roots, elements) = trees(p)
        let context = ContainerLayout.cellContext(p.request, LayoutContext())
        let cells = zip(p.jobs, roots).map { job, root -> ContainerLayout.CellJob in
            var j = job
            j.cell.node = root
            return j
        }
        let time = Stopwatch.measure(runs: options.runs) { () -> [MeasuredCell] in
            cells.map { CellMeasurer.measure($0.cell, in: $0.range, context: context) }
        }
        print(String(
            format: "layout, %@ form: %8.1f ns/element cpu (%8.1f wall), %d elements, %.2f ms cpu per request",
            form, time.cpu * 1e9 / Double(elements), time.wall * 1e9 / Double(elements), elements, time.cpu * 1000))
    }

    // MARK: - Workers

    private func endToEnd(_ body: [UInt8]) {
        var layoutTimes: [Int: Double] = [:]
        for workers in Set([1, cores]).sorted() {
            let engine = ContainerEngine(workers: workers, cacheBytes: 0, textMeasurer: nil)
            let p = prepared(engine, body)
            let layout = Stopwatch.measure(runs: options.runs) { () -> [CellOutcome]? in engine.measure(p) }
            layoutTimes[workers] = layout.wall
            let whole = Stopwatch.measure(runs: options.runs) { () -> ServiceResponse in engine.respond(body: body) }
            print(String(
                format: "%d worker%@: cells (decode+layout+encode) %7.2f ms wall; whole request %7.2f ms wall = %9.0f cells/s",
                workers, workers == 1 ? " " : "s", layout.wall * 1000, whole.wall * 1000,
                Double(p.jobs.count) / whole.wall))
        }
        if let one = layoutTimes[1], let all = layoutTimes[cores], cores > 1 {
            print(String(
                format: "cell stage speed-up at %d workers: %.2fx (the machine's own: a busy loop on the pool scales %.2fx now)",
                cores, one / all, poolScaling()))
        }
    }

    /// The cell stage at 1 and at all workers, runs interleaved (1, N, 1, N,
    /// ...) so that the neighbours' load hits both alike; with the pool's
    /// busy-loop scaling measured the same way alongside.
    private func workerSpeedUp(_ body: [UInt8]) {
        let chunk = options.chunk ?? 8
        let one = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil, chunkSize: chunk)
        let all = ContainerEngine(workers: cores, cacheBytes: 0, textMeasurer: nil, chunkSize: chunk)
        let p = prepared(one, body)
        var times: [[Double]] = [[], []]
        var probes: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for _ in 0..<options.runs {
            for (i, engine) in [one, all].enumerated() {
                let t0 = clock.now
                _ = engine.measure(p)
                times[i].append((clock.now - t0).seconds)
                let t1 = clock.now
                _ = engine.runner.pool.run(count: 64, chunkSize: 4) { i in
                    var x = Double(i)
                    for _ in 0..<20_000 { x = (x * 1.000001).squareRoot() + 1 }
                    return x
                }
                probes[i].append((clock.now - t1).seconds)
            }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        print(String(
            format: "cell stage, chunks of \(chunk), interleaved, %d runs: 1 worker %.2f ms, %d workers %.2f ms: %.2fx (busy loop: %.2fx)",
            options.runs, median(times[0]) * 1000, cores, median(times[1]) * 1000, median(times[0]) / median(times[1]),
            median(probes[0]) / median(probes[1])))
    }

    /// How much the pool speeds up pure arithmetic right now: on a shared
    /// machine the other tenants decide how many cores this process gets.
    func poolScaling() -> Double {
        var walls: [Double] = []
        for workers in [1, cores] {
            let pool = LayoutWorkerPool(workers: workers - 1)
            walls.append(Stopwatch.measure(runs: 7) { () -> [Double]? in
                pool.run(count: 256, chunkSize: 16) { i in
                    var x = Double(i)
                    for _ in 0..<20_000 { x = (x * 1.000001).squareRoot() + 1 }
                    return x
                }
            }.wall)
        }
        return walls[0] / walls[1]
    }

    // MARK: - Cache

    private func cache(_ body: [UInt8]) {
        let cold = Stopwatch.measure(runs: options.runs) { () -> ServiceResponse in
            ContainerEngine(workers: cores, cacheBytes: 64 << 20, textMeasurer: nil).respond(body: body)
        }
        let engine = ContainerEngine(workers: cores, cacheBytes: 64 << 20, textMeasurer: nil)
        _ = engine.respond(body: body)
        var run = 0
        let variants = (0..<(options.runs + 1)).map { Self.changingOneCell(body, $0 * 7 + 1) }
        let warm = Stopwatch.measure(runs: options.runs) { () -> ServiceResponse in
            defer { run += 1 }
            return engine.respond(body: variants[run % variants.count])
        }
        let same = Stopwatch.measure(runs: options.runs) { () -> ServiceResponse in engine.respond(body: body) }
        print(String(
            format: "cache, %d workers: cold %.2f ms, one cell changed %.2f ms (%.1fx faster), unchanged %.2f ms (wall)",
            cores, cold.wall * 1000, warm.wall * 1000, cold.wall / warm.wall, same.wall * 1000))
        let last = engine.respond(body: Self.changingOneCell(body, 999)).body
        if let stats = String(decoding: last, as: UTF8.self).split(separator: "\"stats\":").last {
            print("  stats of a changed request: \(stats.dropLast())")
        }
    }

    /// The feed with the `index`-th body box half a point taller.
    static func changingOneCell(_ body: [UInt8], _ index: Int) -> [UInt8] {
        let marker = Array(#""id":"body","style":{"height":"#.utf8)
        var seen = 0
        var i = 0
        while i + marker.count <= body.count {
            if body[i] == marker[0], body[i..<(i + marker.count)].elementsEqual(marker) {
                if seen == index {
                    var j = i + marker.count
                    while j < body.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(body[j]) { j += 1 }
                    return Array(body[..<j]) + Array(".5".utf8) + Array(body[j...])
                }
                seen += 1
                i += marker.count
                continue
            }
            i += 1
        }
        return body
    }

    // MARK: - Streaming

    private func stream(_ body: [UInt8]) {
        let engine = ContainerEngine(workers: cores, cacheBytes: 0, textMeasurer: nil)
        // The same stream read and checked whole before its first record, for comparison.
        let readFirst = ContainerEngine(workers: cores, cacheBytes: 0, textMeasurer: nil, pipelineMinimumBytes: .max)
        // With the server's cache on: a new engine each time (every cell new
        // to it), and one that has seen every cell (from the cache and the memo).
        let seen = ContainerEngine(workers: cores, cacheBytes: 64 << 20, textMeasurer: nil)
        _ = Self.timeStream(seen, body)
        let runs = max(3, options.runs / 3)
        var pipelined = StreamTimes(), whole = StreamTimes(), newToCache = StreamTimes(), seenBefore = StreamTimes()
        // Interleaved, so that all see the same machine.
        for _ in 0...runs {
            pipelined.add(Self.timeStream(engine, body))
            whole.add(Self.timeStream(readFirst, body))
            newToCache.add(Self.timeStream(ContainerEngine(workers: cores, cacheBytes: 64 << 20, textMeasurer: nil), body))
            seenBefore.add(Self.timeStream(seen, body))
        }
        for (label, times) in [
            ("laid out while read", pipelined), ("read whole first", whole), ("cache on, cells new", newToCache),
            ("cache on, cells seen", seenBefore),
        ] {
            guard let m = times.medians else { continue }
            print(String(
                format: "stream feed-%d, %d workers, %@: start record %.2f ms, first cell %.2f ms, whole %.2f ms (first/whole %.3f), cpu %.1f ms",
                options.streamCells, cores, label, m.start * 1000, m.first * 1000, m.whole * 1000, m.first / m.whole, m.cpu * 1000))
        }
        let oneDocument = Stopwatch.measure(runs: runs) { () -> ServiceResponse in engine.respond(body: body) }
        print(String(format: "  the same as one document: %.2f ms wall", oneDocument.wall * 1000))
        // What the 200 waits for (the table read up to its cells), against
        // the whole answer's read (which checks every tree before anything is sent).
        let streamStart = Stopwatch.measure(runs: runs) { () -> ContainerEngine.StreamStart in engine.beginStream(body) }
        let checkedRead = Stopwatch.measure(runs: runs) { () -> ContainerEngine.Preparation in engine.prepare(body) }
        print(String(
            format: "  before the stream's 200 %.3f ms wall, whole answer's read %.2f ms wall",
            streamStart.wall * 1000, checkedRead.wall * 1000))
    }

    /// One stream's start record, first cell record and end, from the request.
    private static func timeStream(_ engine: ContainerEngine, _ body: [UInt8]) -> StreamTimes.Run? {
        let clock = ContinuousClock()
        let cpu0 = Stopwatch.processCPU()
        let began = clock.now
        let marks = Marks()
        guard case .ready(let plan) = engine.beginStream(body) else { return nil }
        engine.stream(plan) { bytes in marks.note(bytes, at: clock.now - began) }
        let whole = clock.now - began
        let cpu = Stopwatch.processCPU() - cpu0
        guard let first = marks.firstCell, let start = marks.start else { return nil }
        return StreamTimes.Run(start: start.seconds, first: first.seconds, whole: whole.seconds, cpu: cpu)
    }

    private func report(_ label: String, _ bytes: Int, _ time: Stopwatch.Timing) {
        print(String(
            format: "%-26@ %8.2f ms cpu %8.1f MB/s | wall %8.1f MB/s", label, time.cpu * 1000,
            Stopwatch.megabytesPerSecond(bytes, time.cpu), Stopwatch.megabytesPerSecond(bytes, time.wall)))
    }
}

/// Streams' times, for medians.
struct StreamTimes {
    /// Seconds from the request; `cpu` is every thread's.
    struct Run {
        var start: Double, first: Double, whole: Double, cpu: Double
    }

    private var runs: [Run] = []

    mutating func add(_ run: Run?) {
        if let run { runs.append(run) }
    }

    var medians: Run? {
        guard !runs.isEmpty else { return nil }
        func median(_ field: KeyPath<Run, Double>) -> Double { runs.map { $0[keyPath: field] }.sorted()[runs.count / 2] }
        return Run(start: median(\.start), first: median(\.first), whole: median(\.whole), cpu: median(\.cpu))
    }
}

/// When the stream's first records arrived.
final class Marks: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var start: Duration?
    private(set) var firstCell: Duration?

    func note(_ bytes: [UInt8], at time: Duration) {
        lock.lock()
        defer { lock.unlock() }
        if start == nil {
            start = time
        } else if firstCell == nil, bytes.starts(with: Array(#"{"record":"cell""#.utf8)) {
            firstCell = time
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
