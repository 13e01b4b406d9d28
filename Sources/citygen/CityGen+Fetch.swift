import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen fetch`: only the download step, through the cache, with the same fallbacks as `build`.
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download the source into the cache (or check that the cached copy is current).",
            discussion: "Prints where the data came from. Exit codes as for build: \(ExitStatus.summary)."
        )

        @OptionGroup var sourceOptions: SourceOptions

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func run() async throws {
            var loader = SourceLoader()
            loader.apply(sourceOptions.loaderFlags)
            let source = sourceOptions.source.map(CitySource.init(argument:)) ?? .default
            let quiet = quiet
            do {
                let loaded = try await loader.load(source) { line in if !quiet { printError(line) } }
                for warning in loaded.warnings where !quiet { printError("warning: \(warning)") }
                if !quiet { printError("Fetched \(loaded.origin): \(loaded.data.count) bytes") }
            } catch {
                throw reportedFailure(error)
            }
        }
    }
}
