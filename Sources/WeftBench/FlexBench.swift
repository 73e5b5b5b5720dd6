import Foundation
import WeftLayout

/// The "feed-1k" workload of bench/feed.py as `flex` trees (what
/// `feed.py --cells 1000 --form flex --node` writes), laid out on one thread.
/// Prints nanoseconds per element and cells per second, median of the runs.
///
///     swift run -c release --scratch-path .build-flex WeftBench flex [cells] [runs] [pointScale]
enum FlexBench {
    /// `arguments`: cells (1000), runs (15), point scale (1).
    static func run(arguments args: [String]) {
        let cells = args.count > 0 ? Int(args[0]) ?? 1000 : 1000
        let runs = args.count > 1 ? Int(args[1]) ?? 15 : 15
        let scale = args.count > 2 ? Double(args[2]) ?? 1 : 1
        let root = feed(cells: cells)
        let nodes = count(root)
        let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
        let context = LayoutContext(pointScale: scale, direction: .ltr)
        var wall: [Double] = []
        var cpu: [Double] = []
        var height = 0.0
        for _ in 0..<(runs + 2) {
            let start = DispatchTime.now().uptimeNanoseconds
            let startCPU = threadCPUSeconds()
            let node = LayoutEngine.layout(root, in: range, context: context)
            cpu.append(threadCPUSeconds() - startCPU)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            height = node.size.height
        }
        print("feed-\(cells) flex: \(nodes) elements, content height \(height), point scale \(scale)")
        // The machine is shared: thread CPU time is the figure that does not
        // include waiting for a core.
        for (name, samples) in [("wall", wall), ("thread CPU", cpu)] {
            let median = samples.dropFirst(2).sorted()[runs / 2]  // two warm-up runs left out
            print(String(format: "%@ median of %d runs: %.2f ms, %.0f ns per element, %.0f cells per second",
                         name, runs, median * 1e3, median * 1e9 / Double(nodes), Double(cells) / median))
        }
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
