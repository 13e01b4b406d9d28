import Foundation
import XCTest

@testable import CityGenKit

/// Each network fault against a real HTTP server on 127.0.0.1 (`Tests/Support/fault_server.py`): every one ends
/// in success or the documented error, and a good cache is never replaced by a bad download.
final class DownloadFaultTests: FaultServerTestCase {
    private func loader(fallback: Bool = true) -> SourceLoader {
        var loader = SourceLoader(cache: SourceCache(folder: folder.appendingPathComponent("cache")))
        loader.allowsFallback = fallback
        loader.downloader.policy.lowSpeedTime = 1
        loader.downloader.policy.timeout = 10
        loader.downloader.policy.backoff = 0.05
        loader.downloader.policy.maximumSize = 1024 * 1024
        return loader
    }

    /// Puts a good copy of the city list in the cache for `mode`'s URL, fetched `age` seconds ago.
    private func seedCache(_ mode: String, age: TimeInterval = 48 * 3600) throws -> SourceCache.Entry {
        let cache = SourceCache(folder: folder.appendingPathComponent("cache"))
        let body = folder.appendingPathComponent("seed.json")
        try Fixtures.json(Fixtures.challenge).write(to: body)
        return try cache.store(body, for: url(mode), etag: nil, lastModified: nil, at: Date().addingTimeInterval(-age))
    }

    private func cities(_ loaded: LoadedSource) throws -> [String] {
        try CityDecoder.decode(loaded.data, sourceName: "test").cities.map(\.label)
    }

    func testServerErrorThenSuccessIsRetried() async throws {
        let loaded = try await loader().load(.remote(url("flaky")))
        XCTAssertEqual(try cities(loaded), ["Hurzuf, UA", "Sydney, AU"])
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertEqual(try requests("flaky").count, 2)
        XCTAssertNotNil(SourceCache(folder: folder.appendingPathComponent("cache")).lookup(url("flaky")), "the good download is cached")
    }

    func testRetryAfterIsHonoured() async throws {
        let start = Date()
        let loaded = try await loader().load(.remote(url("busy")))
        XCTAssertEqual(try cities(loaded).count, 2)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.9, "waited for Retry-After: 1")
        XCTAssertEqual(try requests("busy").count, 2)
    }

    func testNotFoundIsNotRetried() async throws {
        do {
            _ = try await loader(fallback: false).load(.remote(url("missing")))
            XCTFail("expected an error")
        } catch let error as CityGenError {
            XCTAssertEqual(error, .sourceUnavailable(url: url("missing").absoluteString, reason: "HTTP 404 Not Found"))
            XCTAssertEqual(error.exitStatus, .sourceUnavailable)
        }
        XCTAssertEqual(try requests("missing").count, 1)
        let fallback = try await loader().load(.remote(url("missing")))
        XCTAssertTrue(fallback.warnings[0].contains("using the snapshot bundled with citygen"), fallback.warnings[0])
    }

    /// Reset mid-body, a body shorter than its Content-Length, a body that stalls past the read timeout: each is
    /// retried, then the good cache is used (with a warning that gives its date) and left as it was.
    func testBrokenBodiesFallBackToAnUntouchedCache() async throws {
        for mode in ["reset", "short", "stall"] {
            let seeded = try seedCache(mode)
            let loaded = try await loader().load(.remote(url(mode)))
            XCTAssertEqual(try cities(loaded), Fixtures.challenge.map { "\($0.name), \($0.country)" }, mode)
            XCTAssertEqual(loaded.warnings.count, 1, mode)
            XCTAssertTrue(loaded.warnings[0].contains("using the cached copy from 20"), "\(mode): \(loaded.warnings[0])")
            XCTAssertEqual(try requests(mode).count, 3, "\(mode): three attempts")
            XCTAssertEqual(SourceCache(folder: folder.appendingPathComponent("cache")).lookup(url(mode))?.entry, seeded, mode)
        }
    }

    /// Each failure says what went wrong; a server that sends nothing or trickles (100 bytes/s) is abandoned by
    /// the low-speed rule (here 1,024 bytes/s for 1 s): three attempts cost about three seconds, not minutes.
    func testFailuresSayWhyAndSlowServersAreAbandonedInTime() async throws {
        let refused = URL(string: "http://127.0.0.1:1/cities.json")!
        let cases: [(url: URL, reason: String, requests: Int?)] = [
            (url("silent"), "no data for 1 s", 3),
            (url("trickle"), "slower than 1,024 bytes/s for 1 s (", 3),
            (url("unavailable"), "HTTP 503 Service Unavailable", 3),
            (url("missing"), "HTTP 404 Not Found", 1),
            (refused, "connection refused by 127.0.0.1:1", nil),
        ]
        for (url, reason, requests) in cases {
            let start = Date()
            do {
                _ = try await loader(fallback: false).load(.remote(url))
                XCTFail("\(url): expected an error")
            } catch CityGenError.sourceUnavailable(let failed, let message) {
                XCTAssertEqual(failed, url.absoluteString)
                XCTAssertTrue(message.hasPrefix(reason), "\(url.lastPathComponent): \(message)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 4.5, "\(url.lastPathComponent): 3 attempts of at most 1 s and short waits")
            if let requests { XCTAssertEqual(try self.requests(url.lastPathComponent).count, requests, url.lastPathComponent) }
        }
    }

    /// `--timeout` bounds the whole download, retries included; then the fallback takes over.
    func testTimeoutBoundsTheWholeDownload() async throws {
        var loader = loader(fallback: false)
        loader.downloader.policy.timeout = 1.5
        loader.downloader.policy.lowSpeedLimit = 10
        let start = Date()
        do {
            _ = try await loader.load(.remote(url("trickle")))
            XCTFail("expected an error")
        } catch CityGenError.sourceUnavailable(_, let message) {
            XCTAssertEqual(message, "gave up after 1.5 s (--timeout)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
        XCTAssertEqual(try requests("trickle").count, 1, "a trickle above the low-speed limit is one attempt, cut by the timeout")
    }

    func testETagRevalidationReusesTheCache() async throws {
        var loader = loader()
        let first = try await loader.load(.remote(url("etag")))
        XCTAssertEqual(first.origin, url("etag").absoluteString)
        let fresh = try await loader.load(.remote(url("etag")))
        XCTAssertTrue(fresh.origin.contains("(cached "), fresh.origin)
        XCTAssertEqual(try requests("etag").count, 1, "a fresh cache asks nobody")
        loader.maximumAge = 0
        let revalidated = try await loader.load(.remote(url("etag")))
        XCTAssertTrue(revalidated.origin.hasSuffix("(not modified; cached copy)"), revalidated.origin)
        XCTAssertEqual(try cities(revalidated).count, 2)
        let seen = try requests("etag")
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen.headers.last?.first { $0.key.lowercased() == "if-none-match" }?.value, "\"v1\"")
        loader.refresh = true
        _ = try await loader.load(.remote(url("etag")))
        XCTAssertEqual(try requests("etag").headers.last, [:], "--refresh asks unconditionally")
    }

    func testGzipContentEncoding() async throws {
        let loaded = try await loader().load(.remote(url("gzip")))
        XCTAssertEqual(try cities(loaded), ["Hurzuf, UA", "Sydney, AU"])
    }

    func testHTMLInsteadOfJSONNeverReplacesTheCache() async throws {
        let seeded = try seedCache("html")
        let loaded = try await loader().load(.remote(url("html")))
        XCTAssertTrue(loaded.warnings[0].contains("the download is not valid JSON"), loaded.warnings[0])
        XCTAssertEqual(try cities(loaded).count, 5)
        XCTAssertEqual(SourceCache(folder: folder.appendingPathComponent("cache")).lookup(url("html"))?.entry, seeded)
        do {
            _ = try await loader(fallback: false).load(.remote(url("html")))
            XCTFail("expected an error")
        } catch let error as CityGenError {
            guard case .invalidDownload(let failed, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, url("html").absoluteString)
            XCTAssertTrue(reason.hasPrefix("the download is not valid JSON: unexpected '<'"), reason)
            XCTAssertEqual(error.exitStatus, .badData)
        }
    }

    func testBodiesOverTheSizeCapAreRefused() async throws {
        for mode in ["huge", "endless"] {
            let seeded = try seedCache(mode)
            do {
                _ = try await loader(fallback: false).load(.remote(url(mode)))
                XCTFail("expected an error")
            } catch CityGenError.sourceUnavailable(_, let reason) {
                XCTAssertTrue(reason.contains("larger than the 1048576-byte limit"), reason)
            }
            XCTAssertEqual(try requests(mode).count, 1, "\(mode): a size error is not retried")
            XCTAssertEqual(SourceCache(folder: folder.appendingPathComponent("cache")).lookup(url(mode))?.entry, seeded)
        }
    }

    func testOfflineNeverTouchesTheNetwork() async throws {
        var loader = loader()
        loader.offline = true
        let bundled = try await loader.load(.remote(url("ok")))
        XCTAssertTrue(bundled.origin.hasPrefix("bundled snapshot"), bundled.origin)
        _ = try seedCache("ok", age: 365 * 24 * 3600)
        let cached = try await loader.load(.remote(url("ok")))
        XCTAssertTrue(cached.origin.contains("(cached "), cached.origin)
        XCTAssertEqual(try requests("ok").count, 0)
        loader.allowsFallback = false
        try FileManager.default.removeItem(at: folder.appendingPathComponent("cache"))
        do {
            _ = try await loader.load(.remote(url("ok")))
            XCTFail("expected an error")
        } catch CityGenError.sourceUnavailable(_, let reason) {
            XCTAssertEqual(reason, "--offline and no cached copy")
        }
    }

    func testRetryAfterParsing() {
        XCTAssertEqual(Downloader.retryAfter("3"), 3)
        XCTAssertEqual(Downloader.retryAfter("-5"), 0)
        XCTAssertNil(Downloader.retryAfter(nil))
        XCTAssertNil(Downloader.retryAfter("soon"))
        XCTAssertEqual(Downloader.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), 0, "a date in the past means now")
    }

    /// Offline, a name does not resolve: that fails at once, so the fallback (or a build without places) is not
    /// kept waiting; a dropped or refused connection is still retried.
    func testOnlyTransientTransferErrorsAreRetried() {
        for code in [URLError.Code.cannotFindHost, .dnsLookupFailed, .notConnectedToInternet] {
            XCTAssertFalse(Downloader.isRetryable(URLError(code)), "\(code)")
        }
        for code in [URLError.Code.cannotConnectToHost, .networkConnectionLost, .timedOut] {
            XCTAssertTrue(Downloader.isRetryable(URLError(code)), "\(code)")
        }
        XCTAssertFalse(Downloader.isRetryable(NSError(domain: NSURLErrorDomain, code: URLError.Code.cannotFindHost.rawValue)))
    }
}
