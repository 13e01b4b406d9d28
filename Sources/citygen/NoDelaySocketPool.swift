import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool, with Nagle's algorithm turned off on every socket it waits for (the listening one, whose
/// setting accepted connections inherit on Linux, and each connection): FlyingFox writes header and body apart, and
/// the body would wait for the browser's delayed acknowledgement (docs/design.md, "The preview").
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        // Not a TCP socket (or closed meanwhile): nothing to turn off, and the wait reports any real error.
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}

extension HTTPServer {
    /// A server on 127.0.0.1:`port` only (0 picks a free one), without Nagle's delay, logging nothing.
    static func loopback(port: UInt16, handler: some HTTPHandler) throws -> HTTPServer {
        HTTPServer(
            config: .init(address: try .inet(ip4: "127.0.0.1", port: port), pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled),
            handler: handler)
    }
}

extension HTTPResponse {
    /// A permanent redirect to `location` (a folder's address with its slash), as static hosts answer.
    static func folderRedirect(to location: String) -> HTTPResponse {
        HTTPResponse(statusCode: .movedPermanently, headers: [.location: location, .contentLength: "0"], body: Data())
    }

    /// A site file's response: `body` with `headers`, or for HEAD the same headers with the body's length and no body.
    static func siteFile(_ status: HTTPStatusCode, headers: [HTTPHeader: String], body: Data, for request: HTTPRequest) -> HTTPResponse {
        guard request.method == .HEAD else { return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: body) }
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers.merging([.contentLength: String(body.count)]) { $1 }), body: Data())
    }
}
