import CityGenKit
import FlyingFox
import Foundation

/// Serves a site kept in memory (`serve --watch`): each file rendered when it is asked for, HTML pages with the
/// reload script; the reload channel's event stream; GET and HEAD only; `404.html` for anything else.
struct PreviewHandler: HTTPHandler {
    /// The site being served: the last one planned without an error.
    let site: Locked<SiteInMemory>
    let channel: ReloadChannel

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        // The raw target, as `serve` reads it: a path that is not UTF-8 must not be served.
        let target = request.target.path()
        if target == ReloadChannel.path, request.method == .GET { return channel.response() }
        let site = site.withLock { $0 }
        let isFolder = { (path: String) in site.file(at: path + "/" + SiteLayout().path(.home(.html))) != nil }
        if let location = ServePath.folderRedirect(path: target, query: request.target.query(), isFolder: isFolder) {
            return .folderRedirect(to: location)
        }
        if target.utf8.count <= ServePath.maximumLength, let path = ServePath.file(for: target), let bytes = site.file(at: path) {
            return response(.ok, path: path, body: bytes, for: request)
        }
        return response(.notFound, path: "404.html", body: site.file(at: "404.html") ?? Array("Not found\n".utf8), for: request)
    }

    /// A response with `body` (an HTML page with the reload script), or for HEAD only its length.
    private func response(_ status: HTTPStatusCode, path: String, body: [UInt8], for request: HTTPRequest) -> HTTPResponse {
        let type = ServePath.contentType(for: path)
        let bytes = Data(type.hasPrefix("text/html") ? ReloadChannel.withPageScript(body) : body)
        return .siteFile(status, headers: [.contentType: type, HTTPHeader("Cache-Control"): "no-store"], body: bytes, for: request)
    }
}
