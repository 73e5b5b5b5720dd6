import Foundation
import WeftLayout
import WeftService

/// Decode and encode throughput of the node endpoint's JSON path on the feed
/// workload, next to Foundation's on the same bytes. Single thread.
struct JSONBenchmark {
    let options: BenchOptions

    func run() {
        let original = loadFeed()
        // feed.py repeats the same ids in every cell, which the contract refuses in
        // one node request; numbering them keeps the document's shape.
        let body = Self.numberingIDs(original)
        print(
            "document: \(original.count) bytes (\(body.count) with unique ids), \(options.runs) runs, medians"
                + (ProcessInfo.processInfo.environment["MALLOC_TRIM_THRESHOLD_"] != nil ? ", warm heap" : ""))

        let decodeTime = Stopwatch.measure(runs: options.phase == "encode" ? 0 : options.runs) { () -> NodeRequest? in
            try? NodeRequest.decode(body)
        }
        let request = try? NodeRequest.decode(body)
        guard let request else {
            print("the document does not decode: \(problem(body))")
            return
        }
        let context = LayoutContext(pointScale: request.pointScale, direction: request.direction)
        let clock = ContinuousClock()
        var node = LayoutNode(frame: .zero)
        let layoutTime = clock.measure {
            node = LayoutEngine.layout(request.root, in: request.sizeRange, context: context)
        }
        func encode() -> [UInt8] {
            LayoutResponseEncoder.encode(
                node, root: request.root, warnings: request.warnings, flatten: false, elementCountHint: body.count / 40)
        }
        let encodeTime = Stopwatch.measure(runs: options.phase == "decode" ? 0 : options.runs) { () -> [UInt8] in encode() }
        let response = encode()
        report("weft decode", body.count, decodeTime)
        report("weft encode", response.count, encodeTime)
        print(String(format: "%-26@ %8.2f ms wall (one run, for scale)", "layout (not JSON)", seconds(layoutTime) * 1000))

        guard !options.weftOnly else { return }
        let data = Data(body)
        let responseData = Data(response)
        var parsed: Any = NSNull()
        report("JSONSerialization decode", body.count, Stopwatch.measure(runs: options.runs) {
            parsed = (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
        })
        let responseObject = (try? JSONSerialization.jsonObject(with: responseData)) ?? NSNull()
        report("JSONSerialization encode", response.count, Stopwatch.measure(runs: options.runs) {
            _ = try? JSONSerialization.data(withJSONObject: responseObject)
        })
        _ = parsed
        report("JSONDecoder decode", body.count, Stopwatch.measure(runs: options.runs) {
            _ = try? JSONDecoder().decode(CodableJSON.self, from: data)
        })
        if let codable = try? JSONDecoder().decode(CodableJSON.self, from: responseData) {
            report("JSONEncoder encode", response.count, Stopwatch.measure(runs: options.runs) {
                _ = try? JSONEncoder().encode(codable)
            })
        }
    }

    /// Median MB/s by thread CPU time and by wall time, and the fastest run's.
    private func report(_ label: String, _ bytes: Int, _ time: Stopwatch.Timing) {
        print(
            String(
                format: "%-26@ %8.2f ms cpu %8.1f MB/s | wall %8.1f MB/s, fastest %8.1f MB/s", label, time.cpu * 1000,
                Stopwatch.megabytesPerSecond(bytes, time.cpu), Stopwatch.megabytesPerSecond(bytes, time.wall),
                Stopwatch.megabytesPerSecond(bytes, time.fastestWall)))
    }

    private func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    private func problem(_ body: [UInt8]) -> String {
        String(decoding: LayoutNodeEndpoint.respond(body: body, flatten: false, textMeasurer: nil).body, as: UTF8.self)
    }

    private func loadFeed() -> [UInt8] {
        Self.loadFeed(options, ["--node"])
    }

    /// The `--file`, or `feed.py` run with the options and `extra` arguments.
    static func loadFeed(_ options: BenchOptions, _ extra: [String], cells: Int? = nil, form: String? = nil) -> [UInt8] {
        if let file = options.file {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(file)")
                exit(1)
            }
            return [UInt8](data)
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("bench/feed.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--cells", String(cells ?? options.cells), "--form", form ?? options.form]
            + extra + (options.text ? ["--text"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            print("cannot run \(script.path): \(error)")
            exit(1)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// Appends "-<n>" to every `"id":"..."` value.
    static func numberingIDs(_ bytes: [UInt8]) -> [UInt8] {
        let marker = Array(#""id":""#.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 10)
        var i = 0
        var n = 0
        while i < bytes.count {
            if bytes[i] == marker[0], i + marker.count <= bytes.count, Array(bytes[i..<(i + marker.count)]) == marker {
                out.append(contentsOf: marker)
                i += marker.count
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                    out.append(bytes[i])
                    i += 1
                }
                out.append(contentsOf: "-\(n)".utf8)
                n += 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }
}
