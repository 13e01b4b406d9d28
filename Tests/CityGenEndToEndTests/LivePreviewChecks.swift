import CityGenKit
import CityGenTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `citygen serve --watch` on the full snapshot (`SeveralLanguagesEndToEndTests` runs it beside its two-language build, with
/// Debian's GeoNames files): what it serves is what `citygen build` writes from the same inputs, byte for byte (HTML
/// pages but for the preview's one script element), and it writes nothing.
extension FolderTestCase {
    /// Starts `citygen serve --watch` with `arguments` in the folder; returns it and its port once it is ready.
    func startLivePreview(_ arguments: [String]) throws -> (server: Process, port: UInt16) {
        let started = try CommandRunner.serve(["--watch"] + arguments, in: folder)
        XCTAssertGreaterThan(started.port, 0, "serve --watch said where it listens")
        return started
    }

    /// The answer to `method path`. Synchronous: a test that awaits would wait for the build (`Process`) on a thread
    /// of the concurrency pool, which Foundation's `waitUntilExit` keeps busy.
    private func get(_ path: String, port: UInt16, method: String = "GET") throws -> (status: Int, body: Data, location: String?) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/\(path)")!)
        request.httpMethod = method
        let answer = Locked<(Int, Data, String?)?>(nil), done = DispatchSemaphore(value: 0)
        URLSession(configuration: .ephemeral, delegate: RedirectsNotFollowed(), delegateQueue: nil).dataTask(with: request) { body, response, _ in
            let response = response as? HTTPURLResponse
            answer.withLock { $0 = (response?.statusCode ?? 0, body ?? Data(), response?.value(forHTTPHeaderField: "Location")) }
            done.signal()
        }.resume()
        done.wait()
        return answer.withLock { $0 }!
    }

    /// `files` (paths below `output`, as `build` wrote them), 1,000 of them chosen by a seeded generator from every
    /// kind (folder and extension) in turn, as the preview on `port` serves them; then a folder, a missing page, a
    /// POST, a HEAD and hostile paths.
    func assertLivePreviewServes(_ files: [String], of output: URL, port: UInt16) throws {
        var kinds: [String: [String]] = [:]
        for path in files where !path.hasPrefix(SiteLayout.bookkeepingPrefix) {
            let parts = path.split(separator: "/")
            kinds[(parts.count > 1 ? String(parts[0]) + "/" : "") + (path.split(separator: ".").last.map(String.init) ?? ""), default: []].append(path)
        }
        XCTAssertGreaterThanOrEqual(kinds.count, 12, "every kind of file: \(kinds.keys.sorted())")
        var generator = SeededGenerator(seed: 51)
        let names = kinds.keys.sorted()
        for name in names { kinds[name]!.sort() }
        var sample: [String] = []
        for i in 0..<1_000 {
            let files = kinds[names[i % names.count]]!
            sample.append(files[Int(generator.next() % UInt64(files.count))])
        }
        let script = try Regex(#"<script>/\* citygen serve --watch \*/[\s\S]*?</script>\n"#)
        for path in sample {
            let served = try get(path, port: port)
            XCTAssertEqual(served.status, 200, path)
            let built = try Data(contentsOf: output.appendingPathComponent(path))
            if path.hasSuffix(".html") {
                let text = String(decoding: served.body, as: UTF8.self)
                XCTAssertEqual(text.matches(of: script).count, 1, "\(path): one script element of the preview's own")
                XCTAssertEqual(text.replacing(script, with: ""), String(decoding: built, as: UTF8.self), path)
            } else {
                XCTAssertEqual(served.body, built, path)
            }
        }
        // A folder is its index page, and without its slash a redirect to it; what the site has not is its 404
        // page; only GET and HEAD.
        let countries = try get("country/", port: port)
        XCTAssertEqual(String(decoding: countries.body, as: UTF8.self).replacing(script, with: ""), try String(contentsOf: output.appendingPathComponent("country/index.html"), encoding: .utf8))
        for (asked, location) in [("country?q=roma", "/country/?q=roma")] + (files.contains("en/index.html") ? [("en", "/en/")] : []) {
            let withoutSlash = try get(asked, port: port)
            XCTAssertEqual(withoutSlash.status, 301, asked)
            XCTAssertEqual(withoutSlash.location, location, asked)
        }
        let missing = try get("city/no/such.html", port: port)
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(String(decoding: missing.body, as: UTF8.self).contains("citygen serve --watch"), "the 404 page reloads too")
        let post = try get("index.html", port: port, method: "POST")
        XCTAssertEqual(post.status, 405)
        let head = try get("index.html", port: port, method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        for hostile in ["..%2f..%2fetc/passwd", ".citygen-manifest", "%2e%2e/citygen.yml"] {
            let answer = try get(hostile, port: port)
            XCTAssertEqual(answer.status, 404, hostile)
        }
    }
}

/// Lets a test see a redirect instead of its target.
private final class RedirectsNotFollowed: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
