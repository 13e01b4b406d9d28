import ArgumentParser
import CityGenKit
import Foundation

@main
struct CityGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "citygen",
        abstract: "Generate a static website and Markdown docs from the world cities list.",
        discussion: """
            Exit codes: \(ExitStatus.summary).
            """,
        subcommands: [Build.self, Fetch.self, Search.self, Serve.self, Check.self, Init.self],
        defaultSubcommand: Build.self
    )
}

/// Prints a failure the way every command does and maps it to its documented exit code.
func reportedFailure(_ error: Error) -> Error {
    if let failure = error as? CityGenError {
        FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
        return ExitCode(failure.exitCode)
    }
    return error
}

/// Writes one line to standard error.
@Sendable func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
