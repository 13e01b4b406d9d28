import CityGenKit
import FlyingFox
import Foundation

/// Serves the files of the site (GET and HEAD only, never a file outside it); `404.html` for anything else.
struct SiteHandler: HTTPHandler {
    let root: URL

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        // The raw target: FlyingFox's `path` is already decoded, and a path that is not UTF-8 must not be served.
        if let location = ServePath.folderRedirect(path: request.target.path(), query: request.target.query(), isFolder: { ServePath.isFolder($0, in: root) }) {
            return .folderRedirect(to: location)
        }
        if let file = ServePath.resolve(request.target.path(), in: root) {
            // A precompressed copy (`--precompress`) when the client takes it, as nginx's gzip_static does.
            if let variant = ServePath.precompressed(file, in: root, accepting: request.headers[HTTPHeader("Accept-Encoding")]),
                let data = FileManager.default.contents(atPath: variant.file)
            {
                return response(.ok, type: ServePath.contentType(for: file), body: data, for: request,
                                extra: [.contentEncoding: variant.encoding.rawValue, HTTPHeader("Vary"): "Accept-Encoding"])
            }
            if let data = FileManager.default.contents(atPath: file) {
                let vary: [HTTPHeader: String] = ContentEncoding.applies(to: file) ? [HTTPHeader("Vary"): "Accept-Encoding"] : [:]
                return response(.ok, type: ServePath.contentType(for: file), body: data, for: request, extra: vary)
            }
        }
        let notFound = FileManager.default.contents(atPath: root.appendingPathComponent(SiteLayout().path(.notFound)).path) ?? Data("Not found\n".utf8)
        return response(.notFound, type: "text/html; charset=utf-8", body: notFound, for: request)
    }

    /// A response with `body`, or for HEAD only its length.
    private func response(
        _ status: HTTPStatusCode, type: String, body: Data, for request: HTTPRequest, extra: [HTTPHeader: String] = [:]
    ) -> HTTPResponse {
        .siteFile(status, headers: extra.merging([.contentType: type]) { $1 }, body: body, for: request)
    }
}
