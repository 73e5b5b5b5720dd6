/// `--key value` options of a benchmark mode.
struct BenchOptions {
    var file: String?
    var cells = 1000
    var form = "stack"
    var text = false
    var runs = 30
    /// Skips Foundation's figures (for profiling Weft's own path).
    var weftOnly = false
    /// `decode` or `encode`: only that phase, repeated (for a profiler).
    var phase: String?
    /// `cells`: the streamed workload's size, and whether to skip it.
    var streamCells = 10_000
    var skipStream = false
    /// `cells --phase warm|cold`: the engine's threads (default 1).
    var workers: Int?
    /// `cells --phase workers`: cells per pool chunk (default 8, the engine's).
    var chunk: Int?

    init(_ arguments: [String]) {
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--file": file = value; i += 1
            case "--cells": cells = Int(value) ?? cells; i += 1
            case "--form": form = value; i += 1
            case "--runs": runs = Int(value) ?? runs; i += 1
            case "--stream-cells": streamCells = Int(value) ?? streamCells; i += 1
            case "--no-stream": skipStream = true
            case "--workers": workers = Int(value); i += 1
            case "--chunk": chunk = Int(value); i += 1
            case "--text": text = true
            case "--weft-only": weftOnly = true
            case "--phase": phase = value; weftOnly = true; i += 1
            default: print("ignoring \(arguments[i])")
            }
            i += 1
        }
    }
}
