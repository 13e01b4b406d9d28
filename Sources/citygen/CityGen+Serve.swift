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
        var output: String = "Output"

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func run() async throws {
            let root = URL(fileURLWithPath: output).standardizedFileURL
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("index.html").path) else {
                throw reportedFailure(MissingInputError("\(output) has no index.html (build the site first: citygen build)"))
            }
            let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled, handler: SiteHandler(root: root))
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

/// Serves the files of the site; `404.html` for anything else.
struct SiteHandler: HTTPHandler {
    let root: URL

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        if let file = SitePath.file(for: request.path) {
            var url = root.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                url.appendPathComponent("index.html")
            }
            if let data = FileManager.default.contents(atPath: url.path) {
                return HTTPResponse(statusCode: .ok, headers: [.contentType: SitePath.contentType(for: url.lastPathComponent)], body: data)
            }
        }
        let notFound = FileManager.default.contents(atPath: root.appendingPathComponent("404.html").path) ?? Data("Not found\n".utf8)
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8"], body: notFound)
    }
}
