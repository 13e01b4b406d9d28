import ArgumentParser
import CityGenKit
import FlyingFox
import Foundation

extension CityGen {
    /// `citygen serve`: a preview server for the built site, or with `--watch` a live preview of the site as
    /// `build` would make it, on the loopback address only.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the built site on http://127.0.0.1:PORT for preview, or with --watch a live preview.",
            discussion: """
                Only this machine can connect. Stop it with Ctrl-C. With --watch no built site is needed and \
                nothing is written: each file is rendered when it is asked for, from what build reads (the \
                config and the flags below), and open pages reload when a template, the config, a strings file \
                or a local source or places file changes.
                """
        )

        @Option(help: "The port (0 picks a free one).")
        var port: UInt16 = 8000

        @Option(help: "The built site's folder (without --watch).")
        var output: String = BuildOptions.Defaults.output

        @Flag(help: "Serve a live preview rendered from the inputs, reloaded on every change, instead of a built site.")
        var watch = false

        @Flag(help: "With --watch: notice changes by polling, for file systems without inotify.")
        var poll = false

        @OptionGroup(title: "What --watch renders (as citygen build)") var site: SiteFlags

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            if poll, !watch { throw ValidationError("--poll watches for changes: it goes with --watch.") }
            if site.given, !watch { throw ValidationError("the options of the site (--source, --templates, …) go with --watch; without it serve shows a built site.") }
        }

        func run() async throws {
            if watch { return try await runPreview() }
            let root = URL(fileURLWithPath: output).standardizedFileURL
            let home = SiteLayout().path(.home(.html))
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(home).path) else {
                throw reportedFailure(CityGenError.missingInput(what: "built site (citygen build makes one, or serve --watch previews without one)", path: output + "/" + home, reason: nil))
            }
            let server = try HTTPServer.loopback(port: port, handler: SiteHandler(root: root))
            let quiet = quiet
            Task {
                try await server.waitUntilListening()
                if !quiet, let address = await server.listeningAddress, case .ip4(_, let port) = address {
                    printError("Serving \(output) at http://127.0.0.1:\(port)/")
                }
            }
            try await server.run()
        }

        private func runPreview() async throws {
            do {
                let preview = try await LivePreview(flags: site.flags, watching: poll ? .poll(interval: 0.25) : .inotify, quiet: quiet)
                try await preview.serve(port: port)
            } catch {
                throw reportedFailure(error)
            }
        }
    }
}
