import ArgumentParser
import Foundation
import WeftService

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out one request offline and print the response.",
        discussion: """
            Prints the same JSON as POST /v1/layout/node. On a request error prints the \
            problem+json body instead and exits with status 1; exits with 2 when the file \
            cannot be read.
            """)

    @Argument(help: "A POST /v1/layout/node request body, or - for standard input.") var file: String

    @Flag(help: "Add the flat list of nodes with ids (as ?flatten=1 does).") var flatten = false

    func run() throws {
        guard let body = readBody() else {
            FileHandle.standardError.write(Data("weft layout: cannot read \(file)\n".utf8))
            throw ExitCode(2)
        }
        let response = LayoutNodeEndpoint.respond(body: body, flatten: flatten, textMeasurer: nil)
        FileHandle.standardOutput.write(Data(response.body + [UInt8(ascii: "\n")]))
        if response.status >= 400 {
            throw ExitCode(response.status < 500 ? 1 : 3)
        }
    }

    private func readBody() -> [UInt8]? {
        if file == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        return FileManager.default.contents(atPath: file).map { [UInt8]($0) }
    }
}
