import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen build`: parses options and hands them to `BuildService`.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site (HTML and Markdown) from the cities data.",
            discussion: """
                With no --source, citygen downloads the default data set; if that fails it builds from the \
                snapshot bundled with it and says so. Nothing under the output folder changes when the input \
                is invalid.
                """
        )

        @Option(help: "A URL (http/https) or a local .json or .json.gz file. (default: the OpenWeatherMap list)")
        var source: String?

        @Option(help: "The folder to write the site into.")
        var output: String = "Output"

        @Option(help: "The site's title.")
        var title: String = "World Cities"

        @Option(help: "Cities per list page.")
        var pageSize: Int = 100

        @Option(help: "A folder whose template files replace the defaults of the same name.")
        var templates: String?

        @Flag(help: "Make any invalid record fatal instead of skipping it.")
        var strict = false

        @Flag(help: "Fail (exit 69) instead of falling back to the bundled snapshot when the download fails.")
        var noFallback = false

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        @Flag(name: .shortAndLong, help: "Print each pipeline step with its time.")
        var verbose = false

        func validate() throws {
            guard pageSize > 0 else { throw ValidationError("--page-size must be at least 1.") }
        }

        func run() async throws {
            var options = BuildOptions()
            if let source { options.source = CitySource(argument: source) }
            options.output = URL(fileURLWithPath: output)
            options.title = title
            options.pageSize = pageSize
            options.templates = templates.map { URL(fileURLWithPath: $0) }
            options.strict = strict
            options.allowsFallback = !noFallback
            let quiet = quiet
            let service = BuildService(options: options) { line in
                if !quiet || line.hasPrefix("error") { printError(line) }
            }
            do {
                let report = try await service.run()
                if verbose, !quiet {
                    for step in report.steps { printError(step.name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%7.3f s", step.seconds)) }
                }
                if !quiet { printError(report.summary(output: output)) }
            } catch {
                throw reportedFailure(error)
            }
        }
    }
}
