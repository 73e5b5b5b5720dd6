import Foundation

/// Benchmarks that print figures (never assertions).
///
/// glibc returns a freed tree's memory to the kernel and every run then
/// page-faults fresh pages; a long-running server's heap stays warm. To
/// measure that case: MALLOC_TRIM_THRESHOLD_=1000000000 MALLOC_MMAP_THRESHOLD_=1000000000
///
///     WeftBench json [--file PATH] [--cells N] [--form stack|flex] [--text] [--runs N] [--weft-only] [--phase decode|encode]
///     WeftBench cells [--cells N] [--runs N] [--stream-cells N] [--no-stream]   (the cell engine)
///     WeftBench latency [--stream-cells N]   (node request latency while a big container request runs)
///     WeftBench flex [cells] [runs] [pointScale] [only]
///     WeftBench text [runs]
///     WeftBench store redis://HOST:PORT[/DB] [keys] [bytes] [runs]   (the shared cell store)
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
    JSONBenchmark(options: BenchOptions(Array(arguments.dropFirst()))).run()
case "cells":
    CellsBenchmark(options: BenchOptions(Array(arguments.dropFirst()))).run()
case "latency":
    LatencyBenchmark(options: BenchOptions(Array(arguments.dropFirst()))).run()
case "flex":
    FlexBench.run(arguments: Array(arguments.dropFirst()))
case "text":
    TextBench.run(arguments: Array(arguments.dropFirst()))
case "store":
    StoreBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
    print("usage: WeftBench json [--file PATH] [--cells N] [--form stack|flex] [--text] [--runs N] [--weft-only] [--phase decode|encode]")
    print("       WeftBench cells [--cells N] [--runs N] [--stream-cells N] [--no-stream] [--phase workers|pool|read|trees|warm|cold|stream]")
    print("       WeftBench latency [--stream-cells N]")
    print("       WeftBench flex [cells] [runs] [pointScale] [only]")
    print("       WeftBench text [runs]")
    print("       WeftBench store redis://HOST:PORT[/DB] [keys] [bytes] [runs]")
    exit(2)
}
