import Foundation
import XCTest

@testable import CityGenKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The GeoNames files fetched like the city list (SPEC §1b), from tables the tests put on the fault server
/// (`Tests/Support/fault_server.py`) on 127.0.0.1: cached, revalidated, retried, and replaced by the cached copy
/// or left out (with one warning) when they cannot be had.
final class PlacesLoaderTests: FaultServerTestCase {
    static let catalog = Fixtures.catalog([(1, "Hurzuf", "UA", 44.55, 34.28), (2, "Sydney", "AU", -33.9, 151.2)])
    /// Rows for both cities and one more, 19 tab-separated columns each.
    static let table = [
        PlacesTableTests.row(1, "Hurzuf", lat: 44.55, lon: 34.28, [8: "UA", 10: "11"]),
        PlacesTableTests.row(2, "Sydney", lat: -33.9, lon: 151.2, [8: "AU", 10: "02"]),
        PlacesTableTests.row(3, "Yalta", lat: 44.5, lon: 34.17, [8: "UA", 10: "11"]),
    ].joined(separator: "\n") + "\n"
    static let admin1 = "UA.11\tCrimea\tCrimea\t703883\nAU.02\tNew South Wales\tNew South Wales\t2155400\n"
    static let countries = "#ISO\tISO3\n" + ["UA", "AU"].map { code in
        [code, code + "X", "1", code, "Country " + code, "Capital", "1", "1", "EU", ".x", "EUR", "Euro", "1", "", "", "en", "1", "", ""]
            .joined(separator: "\t")
    }.joined(separator: "\n") + "\n"

    /// Has the server answer GET `name` with `body`, or with `status` when it is not 200.
    private func put(_ name: String, _ body: Data = Data(), status: Int = 200) async throws {
        var request = URLRequest(url: url(name))
        request.httpMethod = "PUT"
        request.setValue("\(status)", forHTTPHeaderField: "X-Status")
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204)
    }

    /// Puts the three files on the server, the table under `tableName` (zipped when it ends in `.zip`).
    private func serve(tableName: String = "cities500.txt") async throws -> PlacesSource {
        var table = Data(Self.table.utf8)
        if tableName.hasSuffix(".zip") {
            try table.write(to: folder.appendingPathComponent("cities500.txt"))
            try PlacesTableTests.zip(folder, tableName, ["cities500.txt"])
            table = try Data(contentsOf: folder.appendingPathComponent(tableName))
        }
        try await put(tableName, table)
        try await put("admin1CodesASCII.txt", Data(Self.admin1.utf8))
        try await put("countryInfo.txt", Data(Self.countries.utf8))
        return PlacesSource(table: .remote(url(tableName)))
    }

    private func loader(fallback: Bool = true, offline: Bool = false, maximumAge: TimeInterval = 3600) -> PlacesLoader {
        var loader = SourceLoader(cache: SourceCache(folder: folder.appendingPathComponent("cache")))
        loader.allowsFallback = fallback
        loader.offline = offline
        loader.maximumAge = maximumAge
        loader.downloader.policy.lowSpeedTime = 1
        loader.downloader.policy.timeout = 10
        loader.downloader.policy.backoff = 0.05
        loader.downloader.policy.maximumSize = 1024 * 1024
        return PlacesLoader(loader: loader)
    }

    private var cache: SourceCache { SourceCache(folder: folder.appendingPathComponent("cache")) }

    /// Both cities join their rows, with the region names of the admin-1 file.
    private func assertJoins(_ places: LoadedPlaces?, file: StaticString = #filePath, line: UInt = #line) throws {
        let places = try XCTUnwrap(places, file: file, line: line)
        let joined = try PlaceJoin.join(catalog: Self.catalog, table: places.table, admin1: places.admin1, countryInfo: places.countries)
        XCTAssertEqual(joined.joinedByID, 2, file: file, line: line)
        XCTAssertEqual(joined.facts(0)?.regionName, "Crimea", file: file, line: line)
        XCTAssertEqual(joined.skipped.count, 0, file: file, line: line)
    }

    func testNoneIsNil() async throws {
        let loaded = try await loader().load(.none) { _ in }
        XCTAssertNil(loaded.places)
        XCTAssertEqual(loaded.warnings, [])
    }

    /// The three files are downloaded into the cache and read from there; a fresh cache asks nobody.
    func testPlainFilesAreDownloadedCachedAndReadFromTheCache() async throws {
        let source = try await serve()
        let first = try await loader().load(source) { _ in }
        XCTAssertEqual(first.warnings, [])
        XCTAssertEqual(first.places?.origins, ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt"].map { url($0).absoluteString })
        guard case .file(let table)? = first.places?.table else { return XCTFail("the table is not a file") }
        XCTAssertEqual(table, cache.lookup(url("cities500.txt"))?.body.path, "the table is read from the cache")
        try assertJoins(first.places)
        let fresh = try await loader().load(source) { _ in }
        XCTAssertTrue(fresh.places?.origins.allSatisfy { $0.contains(" (cached 20") } == true, "\(fresh.places?.origins ?? [])")
        XCTAssertEqual(try requests("cities500.txt").count, 1, "a fresh cache asks nobody")
        XCTAssertEqual(fresh.places?.identity, first.places?.identity)
        try assertJoins(fresh.places)
    }

    func testZippedTableIsKept() async throws {
        let source = try await serve(tableName: "cities500.zip")
        let loaded = try await loader().load(source) { _ in }
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertNotNil(cache.lookup(url("cities500.zip")))
        try assertJoins(loaded.places)
    }

    /// For a site in another language, the alternate names table beside the remote geoname table is fetched and
    /// cached like the others (an English site asks nobody for it); when it cannot be had, places stay with one warning.
    func testTheNamesTableBesideTheTableIsFetchedForAnotherLanguageOnly() async throws {
        let source = try await serve()
        let names = "1\t1\tes\tGurzuf\t1\t1\t\t\t\t\n2\t2\tes\tSídney\t1\t1\t\t\t\t\n"
        try await put("alternateNamesV2.zip", status: 404)
        let english = try await loader().load(source, language: "en") { _ in }
        XCTAssertNil(english.places?.names)
        XCTAssertEqual(try requests("alternateNamesV2.zip").count, 0, "an English site asks nobody for names")
        let missing = try await loader().load(source, language: "es") { _ in }
        XCTAssertNotNil(missing.places, "places stay without names")
        XCTAssertNil(missing.places?.names)
        XCTAssertEqual(missing.warnings.count, 1)
        XCTAssertTrue(missing.warnings[0].contains("alternateNamesV2.zip") && missing.warnings[0].contains("source's names"), missing.warnings[0])
        try names.write(to: folder.appendingPathComponent("alternateNamesV2.txt"), atomically: true, encoding: .utf8)
        try PlacesTableTests.zip(folder, "alternateNamesV2.zip", ["alternateNamesV2.txt"])
        try await put("alternateNamesV2.zip", Data(contentsOf: folder.appendingPathComponent("alternateNamesV2.zip")))
        let spanish = try await loader().load(source, language: "es") { _ in }
        XCTAssertEqual(spanish.warnings, [])
        guard case .file(let path)? = spanish.places?.names else { return XCTFail("no names table") }
        XCTAssertEqual(path, cache.lookup(url("alternateNamesV2.zip"))?.body.path, "read from the cache")
        let table = try AlternateNames(.file(path), language: "es", wanted: [1, 2])
        XCTAssertEqual(table.names, [1: "Gurzuf", 2: "Sídney"])
        let again = try await loader().load(source, language: "es") { _ in }
        XCTAssertEqual(again.places?.identity, spanish.places?.identity, "the fresh cache is read again, the names table in the identity")
    }

    /// A stale copy is revalidated with its ETag: a 304 carries no body, and the cached copy is read as it was.
    func testNotModifiedUsesTheCachedCopy() async throws {
        let source = try await serve()
        let first = try await loader().load(source) { _ in }
        let revalidated = try await loader(maximumAge: 0).load(source) { _ in }
        XCTAssertEqual(revalidated.warnings, [])
        XCTAssertTrue(revalidated.places?.origins.allSatisfy { $0.hasSuffix("(not modified; cached copy)") } == true)
        let seen = try requests("cities500.txt")
        XCTAssertEqual(seen.count, 2)
        XCTAssertNotNil(seen.headers.last?.first { $0.key.lowercased() == "if-none-match" })
        XCTAssertEqual(seen.sent, [Self.table.utf8.count, 0], "no body the second time")
        XCTAssertEqual(revalidated.places?.identity, first.places?.identity, "the same cached files")
        try assertJoins(revalidated.places)
    }

    /// A 500 (retried) falls back to the cached copy, with a warning that names the URL and the copy's date.
    func testServerErrorFallsBackToTheCachedCopy() async throws {
        let source = try await serve()
        _ = try await loader().load(source) { _ in }
        try await put("admin1CodesASCII.txt", status: 500)
        let loaded = try await loader(maximumAge: 0).load(source) { _ in }
        XCTAssertEqual(loaded.warnings.count, 1)
        let prefix = "could not download \(url("admin1CodesASCII.txt").absoluteString) (HTTP 500 Internal Server Error); using the cached copy from 20"
        XCTAssertTrue(loaded.warnings.first?.hasPrefix(prefix) == true, "\(loaded.warnings)")
        XCTAssertEqual(try requests("admin1CodesASCII.txt").count, 4, "one download, then three attempts")
        try assertJoins(loaded.places)
    }

    /// With nothing cached, a file that cannot be had leaves places out, with one warning; the files after it
    /// are not asked for.
    func testFailureWithoutCacheBuildsWithoutPlacesAndOneWarning() async throws {
        let source = try await serve()
        try await put("admin1CodesASCII.txt", status: 500)
        let loaded = try await loader().load(source) { _ in }
        XCTAssertNil(loaded.places)
        XCTAssertEqual(loaded.warnings, [
            "could not download \(url("admin1CodesASCII.txt").absoluteString) (HTTP 500 Internal Server Error); building without places"
        ])
        XCTAssertEqual(try requests("countryInfo.txt").count, 0)
        let refused = PlacesSource(table: .remote(URL(string: "http://127.0.0.1:1/cities500.zip")!))
        let nowhere = try await loader().load(refused) { _ in }
        XCTAssertNil(nowhere.places)
        XCTAssertEqual(nowhere.warnings.count, 1, "\(nowhere.warnings)")
    }

    /// `--no-fallback`: a failed download is exit 69, even with a cached copy.
    func testNoFallbackIsSourceUnavailable() async throws {
        let source = try await serve()
        try await put("countryInfo.txt", status: 500)
        for _ in 0..<2 {
            do {
                _ = try await loader(fallback: false, maximumAge: 0).load(source) { _ in }
                XCTFail("expected an error")
            } catch let error as CityGenError {
                XCTAssertEqual(error, .sourceUnavailable(url: url("countryInfo.txt").absoluteString, reason: "HTTP 500 Internal Server Error"))
                XCTAssertEqual(error.exitCode, 69)
            }
            try await put("countryInfo.txt", Data(Self.countries.utf8))
            _ = try await loader().load(source) { _ in }
            try await put("countryInfo.txt", status: 500)
        }
    }

    /// An HTML page served as the table is never cached: the cached copy stands in, or places are left out, or
    /// with `--no-fallback` it is exit 65.
    func testHTMLInsteadOfTheTableIsNotCached() async throws {
        let source = try await serve()
        let html = Data("<!doctype html><title>Error</title><h1>Service unavailable</h1>".utf8)
        try await put("cities500.txt", html)
        let skipped = try await loader().load(source) { _ in }
        XCTAssertNil(skipped.places)
        XCTAssertEqual(skipped.warnings.count, 1)
        XCTAssertTrue(skipped.warnings[0].contains("found an HTML page); building without places"), skipped.warnings[0])
        XCTAssertNil(cache.lookup(url("cities500.txt")), "not cached")
        do {
            _ = try await loader(fallback: false).load(source) { _ in }
            XCTFail("expected an error")
        } catch let error as CityGenError {
            guard case .invalidDownload(let failed, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, url("cities500.txt").absoluteString)
            XCTAssertEqual(reason, "expected \(GeoNamesTable.expected), or a zip holding one, found an HTML page")
            XCTAssertEqual(error.exitCode, 65)
        }
        try await put("cities500.txt", Data(Self.table.utf8))
        _ = try await loader().load(source) { _ in }
        let seeded = cache.lookup(url("cities500.txt"))?.entry
        try await put("cities500.txt", html)
        let fallback = try await loader(maximumAge: 0).load(source) { _ in }
        XCTAssertEqual(fallback.warnings.count, 1)
        XCTAssertTrue(fallback.warnings[0].contains("found an HTML page); using the cached copy from 20"), fallback.warnings[0])
        XCTAssertEqual(cache.lookup(url("cities500.txt"))?.entry, seeded, "the good copy is kept")
        try assertJoins(fallback.places)
    }

    /// `--offline`: the cache however old, never the network; nothing cached is one warning, or exit 69.
    func testOfflineNeverTouchesTheNetwork() async throws {
        let source = try await serve()
        let empty = try await loader(offline: true).load(source) { _ in }
        XCTAssertNil(empty.places)
        XCTAssertEqual(empty.warnings, [
            "could not download \(url("cities500.txt").absoluteString) (--offline and no cached copy); building without places"
        ])
        XCTAssertEqual(try requests("cities500.txt").count, 0)
        do {
            _ = try await loader(fallback: false, offline: true).load(source) { _ in }
            XCTFail("expected an error")
        } catch let error as CityGenError {
            XCTAssertEqual(error.exitCode, 69)
        }
        _ = try await loader().load(source) { _ in }
        let cached = try await loader(offline: true, maximumAge: 0).load(source) { _ in }
        XCTAssertEqual(cached.warnings, [])
        XCTAssertTrue(cached.places?.origins.allSatisfy { $0.contains(" (cached 20") } == true)
        XCTAssertEqual(try requests("cities500.txt").count, 1, "only the download that filled the cache")
        try assertJoins(cached.places)
    }

    /// Paths are used as they are; a missing one is exit 66 before anything is downloaded.
    func testPathsAreUsedAsTheyAre() async throws {
        for (name, text) in [("cities500.txt", Self.table), ("admin1CodesASCII.txt", Self.admin1), ("countryInfo.txt", Self.countries)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let table = folder.appendingPathComponent("cities500.txt").path
        let loaded = try await loader(offline: true).load(PlacesSource(table: .file(table))) { _ in }
        XCTAssertEqual(loaded.places?.origins.first, table)
        XCTAssertTrue(loaded.places?.identity.contains(table) == true)
        try assertJoins(loaded.places)
        let missing = PlacesSource.geoNames(
            cities: .remote(url("cities500.txt")), admin1: .file(folder.appendingPathComponent("nowhere.txt").path), countries: .file(table))
        do {
            _ = try await loader().load(missing) { _ in }
            XCTFail("expected an error")
        } catch let error as CityGenError {
            XCTAssertEqual(error.exitCode, 66)
        }
        XCTAssertEqual(try requests("cities500.txt").count, 0)
    }
}
