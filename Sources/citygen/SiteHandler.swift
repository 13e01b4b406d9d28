import CityGenKit
import FlyingFox
import Foundation

/// Serves the files of the site (GET and HEAD only, never a file outside it); `404.html` for anything else.
struct SiteHandler: HTTPHandler {
    let root: URL

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        // The raw target: FlyingFox's `path` is already decoded, and a path that is not UTF-8 must not be served.
        if let file = ServePath.resolve(request.target.path(), in: root), let data = FileManager.default.contents(atPath: file) {
            return response(.ok, type: ServePath.contentType(for: file), body: data, for: request)
        }
        let notFound = FileManager.default.contents(atPath: root.appendingPathComponent(SiteLayout().path(.notFound)).path) ?? Data("Not found\n".utf8)
        return response(.notFound, type: "text/html; charset=utf-8", body: notFound, for: request)
    }

    /// A response with `body`, or for HEAD only its length.
    private func response(_ status: HTTPStatusCode, type: String, body: Data, for request: HTTPRequest) -> HTTPResponse {
        guard request.method == .HEAD else { return HTTPResponse(statusCode: status, headers: [.contentType: type], body: body) }
        return HTTPResponse(statusCode: status, headers: [.contentType: type, .contentLength: String(body.count)], body: Data())
    }
}
