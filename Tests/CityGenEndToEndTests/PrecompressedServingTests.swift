import CityGenTestSupport
import Foundation
import XCTest

/// `--precompress`: a real nginx with `gzip_static on;` (Debian's `nginx`, on 127.0.0.1, started and stopped here)
/// sends a page's `.gz` to a client that accepts gzip, and `citygen serve` sends `.br` or `.gz` the same way.
final class PrecompressedServingTests: FolderTestCase {
    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    private func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }

    /// GETs `path` with curl (headers as given); the response's headers (lowercased) and body bytes.
    private func get(_ port: UInt16, _ path: String, headers: [String] = []) throws -> (headers: String, body: Data) {
        let stamp = UUID().uuidString
        let headerFile = folder.appendingPathComponent("h-\(stamp)"), bodyFile = folder.appendingPathComponent("b-\(stamp)")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--max-time", "10", "-D", headerFile.path, "-o", bodyFile.path]
            + headers.flatMap { ["-H", $0] } + ["http://127.0.0.1:\(port)\(path)"]
        try curl.run()
        curl.waitUntilExit()
        XCTAssertEqual(curl.terminationStatus, 0, "curl \(path)")
        return (try String(contentsOf: headerFile, encoding: .utf8).lowercased(), try Data(contentsOf: bodyFile))
    }

    /// Waits until something accepts connections on `port` (at most 10 s).
    private func waitForListener(_ port: UInt16) throws {
        for _ in 0..<100 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return }
            usleep(100_000)
        }
        XCTFail("nothing listens on 127.0.0.1:\(port)")
    }

    private func gunzip(_ data: Data) throws -> Data {
        let file = folder.appendingPathComponent("body-\(UUID().uuidString).gz")
        try data.write(to: file)
        let (status, bytes) = try ChildProcess.output(["gzip", "-dc", file.path])
        XCTAssertEqual(status, 0)
        return bytes
    }

    private func buildSite() throws -> URL {
        let source = try CommandRunner.subset(300, in: folder)
        let build = try CommandRunner.run(["build", "--source", source.path, "--output", "site", "--precompress", "gzip,br", "-q"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        return folder.appendingPathComponent("site")
    }

    func testNginxServesTheGzipCopyToClientsThatAcceptIt() throws {
        let nginxPath = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let nginxPath else { throw XCTSkip("nginx is not installed (scripts/test installs Debian's nginx)") }
        let site = try buildSite()
        let port = freePort()
        let temp = folder.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let config = temp.appendingPathComponent("nginx.conf")
        try """
            daemon off;
            master_process off;
            pid \(temp.path)/nginx.pid;
            error_log \(temp.path)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(temp.path)/body;
                proxy_temp_path \(temp.path)/proxy;
                fastcgi_temp_path \(temp.path)/fastcgi;
                uwsgi_temp_path \(temp.path)/uwsgi;
                scgi_temp_path \(temp.path)/scgi;
                types { text/html html; application/json json; text/css css; }
                server {
                    listen 127.0.0.1:\(port);
                    root \(site.path);
                    gzip off;
                    gzip_static on;
                }
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: nginxPath)
        nginx.arguments = ["-c", config.path, "-e", temp.appendingPathComponent("error.log").path]
        try nginx.run()
        defer {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        try waitForListener(port)
        for path in ["/list/1.html", "/search/manifest.json", "/assets/style.css"] {
            let original = try Data(contentsOf: site.appendingPathComponent(String(path.dropFirst())))
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.path + path + ".gz"), path)
            let gzipped = try get(port, path, headers: ["Accept-Encoding: gzip"])
            XCTAssertTrue(gzipped.headers.contains("content-encoding: gzip"), "\(path): \(gzipped.headers)")
            XCTAssertEqual(gzipped.body, try Data(contentsOf: URL(fileURLWithPath: site.path + path + ".gz")), "\(path): the precompressed file")
            XCTAssertEqual(try gunzip(gzipped.body), original, "\(path): inflates to the page")
            let plain = try get(port, path)
            XCTAssertFalse(plain.headers.contains("content-encoding"), "\(path): \(plain.headers)")
            XCTAssertEqual(plain.body, original)
        }
    }

    func testCitygenServeSendsBrotliOrGzipAsTheClientAccepts() throws {
        let site = try buildSite()
        let (server, port) = try CommandRunner.serve("site", in: folder)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        XCTAssertGreaterThan(port, 0)
        let page = "/list/1.html"
        let original = try Data(contentsOf: site.appendingPathComponent("list/1.html"))
        let cases: [(accept: String?, encoding: String?)] = [
            ("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip;q=0.8", "gzip"), ("identity", nil), (nil, nil),
        ]
        for (accept, encoding) in cases {
            let response = try get(port, page, headers: accept.map { ["Accept-Encoding: \($0)"] } ?? [])
            XCTAssertTrue(response.headers.contains("vary: accept-encoding"), response.headers)
            XCTAssertTrue(response.headers.contains("content-type: text/html"), response.headers)
            if let encoding {
                XCTAssertTrue(response.headers.contains("content-encoding: \(encoding)"), "\(accept ?? "-"): \(response.headers)")
                let file = site.path + page + (encoding == "br" ? ".br" : ".gz")
                XCTAssertEqual(response.body, try Data(contentsOf: URL(fileURLWithPath: file)), accept ?? "-")
            } else {
                XCTAssertFalse(response.headers.contains("content-encoding"), "\(accept ?? "-"): \(response.headers)")
                XCTAssertEqual(response.body, original)
            }
        }
        XCTAssertEqual(try gunzip(try get(port, page, headers: ["Accept-Encoding: gzip"]).body), original)
    }
}
