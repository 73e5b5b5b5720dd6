import ArgumentParser

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lay out one request offline and print the response.")

    @Argument(help: "A POST /v1/layout/node request body, or - for standard input.") var file: String

    func run() throws {
        throw ValidationError("not implemented yet")
    }
}
