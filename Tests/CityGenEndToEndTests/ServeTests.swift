import CityGenKit
import Foundation
import XCTest

/// `citygen serve` cannot be talked out of its folder: hostile request paths sent byte for byte over a socket to
/// the running server never read a file outside the site (a secret beside it, `/etc/passwd`, symlinks that point
/// out), nor citygen's bookkeeping; only GET and HEAD are served.
final class ServeTests: XCTestCase {
    var folder: URL!
    var server: Process!
    var port: UInt16 = 0

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let subset = try CommandRunner.subset(200, in: folder)
        let build = try CommandRunner.run(["build", "--source", subset.path, "--output", "site", "-q"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let site = folder.appendingPathComponent("site")
        try "TOPSECRET".write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("list/escape.html").path, withDestinationPath: "../../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("list/outside").path, withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("list/inside.html").path, withDestinationPath: "1.html")

        (server, port) = try CommandRunner.serve("site", in: folder)
        XCTAssertGreaterThan(port, 0, "citygen serve said where it listens")
    }

    override func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    func testHostileRequestsNeverLeaveTheSite() throws {
        let site = folder.appendingPathComponent("site")
        // What the build left of its own in the site, read from disk so that no format version is assumed.
        let bookkeeping = try bookkeepingFiles(in: site)
        XCTAssertFalse(bookkeeping.isEmpty, "the build leaves its bookkeeping (\(SiteLayout.bookkeepingPrefix)*) in the site")
        let bookkeepingLines = try bookkeeping.compactMap { path in
            String(decoding: try Data(contentsOf: site.appendingPathComponent(path)), as: UTF8.self).split(separator: "\n").first.map(String.init)
        }
        let hostile: [[UInt8]] = [
            "/../secret.txt", "/../../../../etc/passwd", "//etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
            "/list/..%2f..%2fsecret.txt", "/list/%2e%2e/%2e%2e/secret.txt", "/%252e%252e/secret.txt", "/..\\secret.txt",
            "/list\\..\\..\\secret.txt", "/%00", "/index.html%00.txt", "/%ff%fe", "/list/escape.html", "/list/outside/secret.txt",
            "/.citygen-manifest", "/list/../.citygen-lock", "/" + String(repeating: "a/", count: 3_000),
            "http://127.0.0.1/../secret.txt",
        ].map { Array($0.utf8) } + [[0x2F, 0xFF, 0xFE, 0x2E, 0x2E], [0x2F, 0x2E, 0x2E, 0x00, 0x2F]]
        // Each bookkeeping file by its own name, from a folder, and percent-encoded.
        let askedForBookkeeping = bookkeeping.flatMap { path in
            ["/" + path, "/list/../" + path, "/" + path.replacingOccurrences(of: ".", with: "%2E")].map { Array($0.utf8) }
        }
        for path in hostile + askedForBookkeeping {
            let (status, _, body) = try request("GET", path)
            let shown = String(decoding: path.prefix(60), as: UTF8.self)
            // 0: FlyingFox closes the connection on a request line that is not UTF-8, without answering.
            XCTAssertTrue([0, 400, 404, 414].contains(status), "\(shown): status \(status)")
            XCTAssertTrue(status != 0 || String(bytes: path, encoding: .utf8) == nil, "\(shown): no answer")
            XCTAssertFalse(body.contains("TOPSECRET"), shown)
            XCTAssertFalse(body.contains("root:x:0"), shown)
            for line in bookkeepingLines { XCTAssertFalse(body.contains(line), "\(shown) served bookkeeping: \(line)") }
        }
        // What is served is the site's file, byte for byte.
        let page = try String(contentsOf: site.appendingPathComponent("list/1.html"), encoding: .utf8)
        XCTAssertEqual(try request("GET", Array("/list/1.html".utf8)).body, page)
        let inside = try request("GET", Array("/list/inside.html".utf8))
        XCTAssertEqual(inside.status, 200, "a link that stays inside is served")
        XCTAssertEqual(inside.body, page)
        let home = try request("GET", Array("/".utf8))
        XCTAssertEqual(home.status, 200)
        XCTAssertEqual(home.body, try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8))
        let head = try request("HEAD", Array("/".utf8))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, "")
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            XCTAssertEqual(try request(method, Array("/index.html".utf8)).status, 405, method)
        }
        XCTAssertTrue(server.isRunning, "the server survived")
    }

    /// A folder asked for without its slash is redirected to it, query kept, as static hosts do, so that its page's
    /// relative links resolve inside it; a link out of the site is not, whatever it points to.
    func testAFolderWithoutItsSlashIsRedirectedToIt() throws {
        for (asked, location) in [("/country", "/country/"), ("/country?q=roma", "/country/?q=roma"), ("/list/", nil), ("/list/1.html", nil)] {
            let answer = try request("GET", Array(asked.utf8))
            if let location {
                XCTAssertEqual(answer.status, 301, asked)
                XCTAssertTrue(answer.head.contains("\r\nLocation: \(location)\r\n"), "\(asked): \(answer.head)")
            } else {
                XCTAssertNotEqual(answer.status, 301, asked)
            }
        }
        let folderPage = try request("GET", Array("/country/".utf8))
        XCTAssertEqual(folderPage.status, 200)
        XCTAssertEqual(folderPage.body, try String(contentsOf: folder.appendingPathComponent("site/country/index.html"), encoding: .utf8))
        XCTAssertEqual(try request("GET", Array("/list/outside".utf8)).status, 404, "a folder outside the site through a link")
    }

    /// The paths, relative to `site`, of the files citygen keeps for itself there (any path component starting
    /// with its bookkeeping prefix).
    private func bookkeepingFiles(in site: URL) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: site.path)
        return paths.filter { path in
            var isFolder: ObjCBool = false
            return path.split(separator: "/").contains { $0.hasPrefix(SiteLayout.bookkeepingPrefix) }
                && FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// Sends one request with `path` exactly as given and returns the status, the head (status line and headers,
    /// each line ending in CRLF) and the body, read until the server closes the connection.
    private func request(_ method: String, _ path: [UInt8]) throws -> (status: Int, head: String, body: String) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let bytes = Array("\(method) ".utf8) + path + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        let status = Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
        let parts = text.components(separatedBy: "\r\n\r\n")
        return (status, (parts.first ?? "") + "\r\n", parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
