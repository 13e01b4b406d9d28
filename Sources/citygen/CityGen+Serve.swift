import ArgumentParser
import CityGenKit
import FlyingFox
import Foundation

extension CityGen {
    /// `citygen serve`: a preview server for the built site, on the loopback address only.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the built site on http://127.0.0.1:PORT for preview.",
            discussion: "Only this machine can connect. Stop it with Ctrl-C."
        )

        @Option(help: "The port (0 picks a free one).")
        var port: UInt16 = 8000

        @Option(help: "The built site's folder.")
        var output: String = BuildOptions.Defaults.output

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func run() async throws {
            let root = URL(fileURLWithPath: output).standardizedFileURL
            let home = SiteLayout().path(.home(.html))
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(home).path) else {
                throw reportedFailure(CityGenError.missingInput(what: "built site (citygen build makes one)", path: output + "/" + home, reason: nil))
            }
            let server = HTTPServer(
                config: .init(address: try .inet(ip4: "127.0.0.1", port: port), pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled),
                handler: SiteHandler(root: root))
            let quiet = quiet
            Task {
                try await server.waitUntilListening()
                if !quiet, let address = await server.listeningAddress, case .ip4(_, let port) = address {
                    printError("Serving \(output) at http://127.0.0.1:\(port)/")
                }
            }
            try await server.run()
        }
    }
}
