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

        @Option(help: "A config file. (default: citygen.yml in the working directory, when present)")
        var config: String?

        @OptionGroup var sourceOptions: SourceOptions

        @Option(help: "The folder to write the site into. (default: \(BuildOptions.Defaults.output))")
        var output: String?

        @Option(help: "The site's title. (default: \(BuildOptions.Defaults.title))")
        var title: String?

        @Option(help: "Cities per list page. (default: \(BuildOptions.Defaults.pageSize))")
        var pageSize: Int?

        @Option(help: "A folder whose template files replace the defaults of the same name.")
        var templates: String?

        @Option(name: .customLong("base-url"), help: "The site's public URL; enables sitemap.xml.")
        var baseURL: String?

        @Option(help: "The largest search index shard, in bytes. (default: \(BuildOptions.Defaults.shardSize))")
        var shardSize: Int?

        @Option(help: "Write the site into one .tar, .tar.gz or .zip file (streamed, deterministic), or a .zim for Kiwix (implies --host kiwix), instead of a folder.")
        var archive: String?

        @Option(help: "Build for this static host (formats to fit it) and check the site against its limits: \(HostProfile.choices).")
        var host: String?

        @Option(help: "Write NAME.gz and/or NAME.br beside each HTML, CSS, JS, JSON and XML file where smaller: gzip, br, gzip,br or none. (default: none, or the host's)")
        var precompress: String?

        @Option(help: "What detail pages show of the OpenStreetMap viewer besides the locator map: \(MapMode.choices). (default: locator, a button that loads it)")
        var map: String?

        @Option(help: "Write the paths this build wrote (+ path) and removed (- path) into this file, for syncing uploads.")
        var changes: String?

        @Flag(help: "Write into an output folder that holds files citygen did not make.")
        var force = false

        @Flag(help: "When another build is writing the output folder, wait for it instead of failing.")
        var wait = false

        @Flag(help: "Make any invalid record fatal instead of skipping it.")
        var strict = false

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

        /// The config file's options, overridden by the flags.
        func options() throws -> BuildOptions {
            let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            var options = BuildOptions()
            var siteConfig: SiteConfig?
            let configURL = config.map { URL(fileURLWithPath: $0) } ?? workingDirectory.appendingPathComponent(SiteConfig.fileName)
            if config != nil || FileManager.default.fileExists(atPath: configURL.path) {
                guard FileManager.default.fileExists(atPath: configURL.path) else {
                    throw CityGenError.missingInput(what: "config file", path: configURL.path, reason: nil)
                }
                siteConfig = try SiteConfig(contentsOf: configURL)
                options = try BuildOptions(config: siteConfig!, folder: configURL.deletingLastPathComponent())
            }
            if let host {
                options.use(try HostProfile.named(host), keepingFormats: siteConfig?.formats != nil)
            } else if let archive, ArchiveFormat(path: archive) == .zim, options.host == nil {
                // A .zim is for Kiwix whatever else is asked: HTML alone, no precompressed copies, the locator maps.
                options.use(.kiwix, keepingFormats: siteConfig?.formats != nil)
            }
            if let precompress { options.precompress = try BuildOptions.parsePrecompress(precompress) }
            if let map { options.map = try MapMode.parse(map, item: "--map") }
            sourceOptions.apply(to: &options.loader, source: &options.source)
            if let output { options.output = URL(fileURLWithPath: output) }
            if let title { options.title = title }
            if let pageSize { options.pageSize = pageSize }
            if let templates { options.templates = URL(fileURLWithPath: templates) }
            if let baseURL { options.baseURL = try BuildOptions.parseBaseURL(baseURL) }
            if let shardSize { options.shardSize = shardSize }
            if strict { options.strict = true }
            if force { options.force = true }
            if wait { options.waitForLock = true }
            if let archive { options.archive = URL(fileURLWithPath: archive) }
            if let changes { options.changes = URL(fileURLWithPath: changes) }
            return options
        }

        func run() async throws {
            let quiet = quiet
            let bar = ProgressBar(enabled: !quiet && ProgressBar.stderrIsTerminal)
            var outputName = output ?? BuildOptions.Defaults.output
            do {
                let options = try options()
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
