import Foundation

/// Benchmarks that print figures (never assertions).
///
///     WeftBench json [--file PATH] [--cells N] [--form stack|flex] [--text] [--runs N]
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
    JSONBenchmark(options: BenchOptions(Array(arguments.dropFirst()))).run()
default:
    print("usage: WeftBench json [--file PATH] [--cells N] [--form stack|flex] [--text] [--runs N]")
    exit(2)
}
