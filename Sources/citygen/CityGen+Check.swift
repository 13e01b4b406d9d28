import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen check`: verifies every relative link and fragment of a built site.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that every relative link and #fragment in the built site resolves.",
            discussion: "Exits 0 when every link resolves and 1 when any is broken (each is printed on stdout)."
        )

        @Option(help: "The site folder to check.")
        var output: String = BuildOptions.Defaults.output

        func run() throws {
            let result: LinkChecker.Result
            do {
                result = try LinkChecker(root: URL(fileURLWithPath: output)).check()
            } catch {
                throw reportedFailure(error)
            }
            for link in result.broken { print(link) }
            printError("Checked \(result.links) links in \(result.pages) pages: \(result.broken.count) broken")
            if !result.broken.isEmpty { throw ExitCode(ExitStatus.notFound.rawValue) }
        }
    }
}
