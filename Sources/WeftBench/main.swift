// The flex benchmark on its own; another benchmark entry point can call
// `FlexBench.run(arguments:)` instead.
FlexBench.run(arguments: Array(CommandLine.arguments.dropFirst()))
