import ArgumentParser

@main
struct Weft: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Texture's layout engine as an HTTP service.",
        subcommands: [Serve.self, Layout.self, Probe.self])
}
