import Foundation
import WeftLayout

/// The "feed-1k" workload of bench/feed.py as `flex` trees (what
/// `feed.py --cells 1000 --form flex --node` writes), and a flex-heavy
/// workload beside it (`FlexHeavyWorkload`), laid out on one thread, each two
/// ways: one layout call per cell (fresh trees: layout keeps no state between
/// calls) and one tree, a column of all cells. The four are timed in turn in
/// every round, so a neighbour's load falls on all of them alike. Prints
/// nanoseconds per element (medians) and a checksum of every frame, which an
/// optimisation must leave unchanged.
///
///     swift run -c release --scratch-path .build-flex WeftBench flex [cells] [runs] [pointScale] [only]
///
/// `only` (0-3) times one of the four alone, for a profiler.
enum FlexBench {
    /// `arguments`: cells (1000), runs (15), point scale (1), one workload's index.
    static func run(arguments args: [String]) {
        let cells = args.count > 0 ? Int(args[0]) ?? 1000 : 1000
        let runs = args.count > 1 ? Int(args[1]) ?? 15 : 15
        let scale = args.count > 2 ? Double(args[2]) ?? 1 : 1
        let only = args.count > 3 ? Int(args[3]) : nil
        let heavyCards = max(1, cells * 3 / 10)  // about as many elements as the feed
        let all = [
            Workload(name: "feed-\(cells) flex, one call per cell", roots: (0..<cells).map(cell)),
            Workload(name: "feed-\(cells) flex, one tree", roots: [feed(cells: cells)]),
            Workload(name: "flex-heavy-\(heavyCards), one call per card", roots: (0..<heavyCards).map(FlexHeavyWorkload.card)),
            Workload(name: "flex-heavy-\(heavyCards), one tree", roots: [FlexHeavyWorkload.feed(cells: heavyCards)]),
        ]
        let workloads = only.map { all.indices.contains($0) ? [all[$0]] : [] } ?? all
        let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
        let context = LayoutContext(pointScale: scale, direction: .ltr)
        var wall = Array(repeating: [Double](), count: workloads.count)
        var cpu = wall
        var checksums = Array(repeating: 0.0, count: workloads.count)
        var heights = checksums
        for round in 0..<(runs + 2) {
            for (w, workload) in workloads.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let startCPU = threadCPUSeconds()
                let nodes = workload.roots.map { LayoutEngine.layout($0, in: range, context: context) }
                let elapsedCPU = threadCPUSeconds() - startCPU
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if round >= 2 {  // two warm-up rounds left out
                    cpu[w].append(elapsedCPU)
                    wall[w].append(elapsed)
                }
                heights[w] = nodes.reduce(0) { $0 + $1.size.height }
                checksums[w] = nodes.reduce(0) { $0 + checksum($1, depth: 1) }
            }
        }
        print("flex layout, point scale \(scale), width 375, medians of \(runs) interleaved runs (thread CPU; wall)")
        for (w, workload) in workloads.enumerated() {
            let elements = Double(workload.elements)
            print(String(
                format: "%@ %7.1f ns/element cpu (%7.1f wall), %d elements, content height %.1f, checksum %.4f",
                workload.name.padding(toLength: 42, withPad: " ", startingAt: 0), median(cpu[w]) * 1e9 / elements, median(wall[w]) * 1e9 / elements,
                workload.elements, heights[w], checksums[w]))
        }
    }

    struct Workload {
        var name: String
        var roots: [Element]
        var elements: Int { roots.reduce(0) { $0 + FlexBench.count($1) } }
    }

    static func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

    /// Every frame's numbers, weighted by depth and position among siblings
    /// so that a frame moved to another node changes the sum.
    static func checksum(_ node: LayoutNode, depth: Int) -> Double {
        let f = node.frame
        var sum = Double(depth) * (f.x + 3 * f.y + 5 * f.width + 7 * f.height)
        for (i, child) in node.children.enumerated() {
            sum += Double(i + 1) * checksum(child, depth: depth + 1)
        }
        return sum
    }

    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func count(_ e: Element) -> Int { 1 + e.children.reduce(0) { $0 + count($1) } }

    static func flex(_ id: String? = nil, _ configure: (inout Style) -> Void, _ children: [Element] = []) -> Element {
        var style = Style()
        configure(&style)
        return Element(.flex, id: id, style: style, children: children)
    }

    static func cell(_ i: Int) -> Element {
        let icons = (0..<3).map { k in
            flex("icon\(k)") {
                $0.width = .points(24)
                $0.height = .points(24)
            }
        }
        let column = flex(nil, {
            $0.flexDirection = .column
            $0.flexGrow = 1
            $0.flexShrink = 1
            $0.gap = .points(4)
        }, [
            flex("title") {
                $0.height = .points(20)
                $0.width = .fraction(0.6)
            },
            flex("body") { $0.height = .points(Double(40 + (37 * i) % 80)) },
            flex(nil, {
                $0.flexDirection = .row
                $0.gap = .points(16)
            }, icons),
        ])
        return flex(nil, {
            $0.padding = Edges(all: .points(12))
            $0.flexDirection = .row
            $0.gap = .points(10)
            $0.alignItems = .flexStart
        }, [
            flex("avatar") {
                $0.width = .points(44)
                $0.height = .points(44)
            },
            column,
        ])
    }

    static func feed(cells: Int) -> Element {
        flex(nil, { $0.flexDirection = .column }, (0..<cells).map(cell))
    }
}
