import ArgumentParser
import CityGenKit
import Foundation

extension CityGen {
    /// `citygen check`: verifies every relative link and fragment of a built site, or with `--host` measures the
    /// site (a folder or an archive) against that host's limits.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the built site's links, or with --host whether it fits that host's limits.",
            discussion: """
                Without --host: exits 0 when every relative link and #fragment resolves and 1 when any is broken \
                (each is printed on stdout). With --host: prints files, folders, entries, the largest folder and \
                file, and bytes against the host's limits, and exits 1 naming every limit exceeded.
                """
        )

        @Option(help: "The site folder to check.")
        var output: String = BuildOptions.Defaults.output

        @Option(help: "Measure the site against this host's limits: \(HostProfile.choices).")
        var host: String?

        @Argument(help: "A .tar, .tar.gz, .zip or .zim archive of the site to measure instead of the folder (with --host).")
        var archive: String?

        func run() throws {
            do {
                if let host {
                    try checkHost(try HostProfile.named(host))
                } else {
                    guard archive == nil else {
                        throw CityGenError.invalidOption(name: "archive", reason: "is only measured with --host (links are checked in a folder)")
                    }
                    try checkLinks()
                }
            } catch {
                throw reportedFailure(error)
            }
        }

        private func checkLinks() throws {
            let result = try LinkChecker(root: URL(fileURLWithPath: output)).check()
            for link in result.broken { print(link) }
            printError("Checked \(result.links) links in \(result.pages) pages: \(result.broken.count) broken")
            if !result.broken.isEmpty { throw ExitCode(ExitStatus.notFound.rawValue) }
        }

        private func checkHost(_ host: HostProfile) throws {
            let inventory = try archive.map { try SiteInventory(archive: URL(fileURLWithPath: $0)) }
                ?? SiteInventory(folder: URL(fileURLWithPath: output))
            let check = HostCheck(host: host, inventory: inventory)
            print(check.report)
            if !check.exceeded.isEmpty {
                printError("\(archive ?? output) does not fit \(host.displayName): " + check.exceeded.joined(separator: "; "))
                throw ExitCode(ExitStatus.notFound.rawValue)
            }
        }
    }
}
