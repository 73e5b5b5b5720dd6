import ArgumentParser

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the HTTP service.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 8080

    func run() throws {
        throw ValidationError("not implemented yet")
    }
}
