import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen build`: reads `citygen.yml` and the flags, and hands them to `BuildService`.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site (HTML and Markdown) from the cities data.",
            discussion: """
                Settings come from citygen.yml in the working directory (or --config), and flags override \
                them. With no source set, citygen downloads the default data set; if that fails it builds \
                from the snapshot bundled with it and says so. Nothing under the output folder changes when \
                the input or the config is invalid.
                """
        )

        @OptionGroup var site: SiteFlags

        @Option(help: "The folder to write the site into. (default: \(BuildOptions.Defaults.output))")
        var output: String?

        @Option(help: "Write the site into one .tar, .tar.gz or .zip file (streamed, deterministic), or a .zim for Kiwix (implies --host kiwix), instead of a folder.")
        var archive: String?

        @Option(help: "Write the paths this build wrote (+ path) and removed (- path) into this file, for syncing uploads.")
        var changes: String?

        @Flag(help: "Write into an output folder that holds files citygen did not make.")
        var force = false

        @Flag(help: "When another build is writing the output folder, wait for it instead of failing.")
        var wait = false

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        @Flag(name: .shortAndLong, help: "Print each pipeline step with its time.")
        var verbose = false

        @Option(help: "Write a machine-readable report: json. (to stdout, or to --report-file)")
        var report: ReportFormat?

        @Option(help: "Where --report goes instead of stdout.")
        var reportFile: String?

        enum ReportFormat: String, ExpressibleByArgument {
            case json
        }

        /// The flags as typed, for `BuildOptions(flags:)` to merge over the config file.
        var flags: BuildOptions.Flags {
            var flags = site.flags
            flags.output = output
            flags.archive = archive
            flags.changes = changes
            flags.force = force
            flags.wait = wait
            return flags
        }

        func run() async throws {
            let quiet = quiet
            let bar = ProgressBar(enabled: !quiet && ProgressBar.stderrIsTerminal)
            var outputName = output ?? BuildOptions.Defaults.output
            do {
                let options = try BuildOptions(flags: flags)
                outputName = archive ?? output ?? displayPath(options.output)
                let service = BuildService(
                    options: options,
                    log: { line in
                        bar.clear()
                        if !quiet { printError(line) }
                    },
                    progress: bar.update)
                let result = try await service.run()
                bar.clear()
                if verbose, !quiet {
                    for step in result.steps {
                        let memory = step.peakMemory.map { String(format: "   peak %5d MiB", $0 >> 20) } ?? ""
                        printError(step.name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%7.3f s", step.seconds) + memory)
                    }
                    if let pages = result.htmlPages { printError(pages.line) }
                }
                if !quiet { printError(result.summary(output: outputName)) }
                try writeReport(result.json(output: outputName))
                if let check = result.hostCheck { try report(check) }
            } catch {
                bar.clear()
                if report != nil, let failure = error as? CityGenError {
                    try? writeReport(BuildReport.errorJSON(exitCode: failure.exitCode, message: failure.description))
                }
                throw reportedFailure(error)
            }
        }

        /// The end of a `--host` build: the site measured against the host's limits; exit 1 naming each exceeded.
        private func report(_ check: HostCheck) throws {
            if !quiet { printError(check.report) }
            guard check.exceeded.isEmpty else {
                printError("error: the site does not fit \(check.host.displayName): " + check.exceeded.joined(separator: "; "))
                throw ExitCode(ExitStatus.notFound.rawValue)
            }
        }

        /// `url` relative to the working directory when it is below it, as the user would write it.
        private func displayPath(_ url: URL) -> String {
            let working = FileManager.default.currentDirectoryPath + "/"
            return url.path.hasPrefix(working) ? String(url.path.dropFirst(working.count)) : url.path
        }

        private func writeReport(_ json: @autoclosure () -> String) throws {
            guard report != nil else { return }
            if let reportFile {
                do {
                    try json().write(toFile: reportFile, atomically: true, encoding: .utf8)
                } catch {
                    throw CityGenError.writeFailed(path: reportFile, reason: error.localizedDescription)
                }
            } else {
                FileHandle.standardOutput.write(Data(json().utf8))
            }
        }
    }
}
