import CityGenKit
import FlyingFox
import Foundation

/// Serves the files of the site; `404.html` for anything else.
struct SiteHandler: HTTPHandler {
    let root: URL

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        if let file = ServePath.file(for: request.path) {
            var url = root.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                url.appendPathComponent(SiteLayout().path(.home(.html)))
            }
            if let data = FileManager.default.contents(atPath: url.path) {
                return HTTPResponse(statusCode: .ok, headers: [.contentType: ServePath.contentType(for: url.lastPathComponent)], body: data)
            }
        }
        let notFound = FileManager.default.contents(atPath: root.appendingPathComponent(SiteLayout().path(.notFound)).path) ?? Data("Not found\n".utf8)
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8"], body: notFound)
    }
}
