import Foundation
import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// Small data sets the unit tests build themselves.
enum Fixtures {
    /// `../shared` beside the repository: the contract's fold vectors and the real data snapshot.
    static let shared = URL(fileURLWithPath: #filePath)  // Tests/CityGenKitTests/Support/Fixtures.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")

    /// The repository's own folder.
    static let repository = URL(fileURLWithPath: #filePath)  // Tests/CityGenKitTests/Support/Fixtures.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func json(_ cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)]) -> Data {
        let records = cities.map {
            ["_id": $0.id, "name": $0.name, "country": $0.country, "coord": ["lat": $0.lat, "lon": $0.lon]] as [String: Any]
        }
        return try! JSONSerialization.data(withJSONObject: records, options: [.sortedKeys])
    }

    /// The original challenge's example.
    static let challenge: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = [
        (1, "Alabama", "US", 32.5, -86.7),
        (2, "Albuquerque", "US", 35.1, -106.6),
        (3, "Anaheim", "US", 33.8, -117.9),
        (4, "Arizona", "US", 34.2, -111.6),
        (5, "Sydney", "AU", -33.9, 151.2),
    ]

    static func catalog(_ cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)]) -> CityCatalog {
        CityCatalog(cities.map { City(id: $0.id, name: $0.name, country: $0.country, latitude: $0.lat, longitude: $0.lon) })
    }

    /// One joined place of `places(_:_:regions:)`: the city with this id, its region code, population, feature code
    /// and time zone.
    typealias PlaceRow = (id: Int, admin1: String, population: Int, feature: String, zone: String)

    /// GeoNames' three files for `rows` (names and coordinates from `catalog`'s cities of those ids), with the
    /// admin-1 names `regions` (`CC.code`: name) and the `alternatenames` column of some ids, joined to `catalog`.
    static func places(_ catalog: CityCatalog, _ rows: [PlaceRow], regions: [String: String], otherNames: [Int: String] = [:]) throws -> Places {
        let files = geoNamesFiles(catalog, rows, regions: regions, otherNames: otherNames)
        return try PlaceJoin.join(
            catalog: catalog, table: .bytes(Data(files.table.utf8), name: "cities500.txt"), admin1: .bytes(Data(files.admin1.utf8), name: "admin1CodesASCII.txt"),
            countryInfo: .bytes(Data(files.countries.utf8), name: "countryInfo.txt"))
    }

    /// The texts of GeoNames' three files for `rows`, as `places` joins them.
    static func geoNamesFiles(_ catalog: CityCatalog, _ rows: [PlaceRow], regions: [String: String], otherNames: [Int: String] = [:])
        -> (table: String, admin1: String, countries: String)
    {
        let byID = Dictionary(catalog.cities.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let table = rows.map { row -> String in
            let city = byID[row.id]!
            let columns = [
                "\(row.id)", city.name, city.name, otherNames[row.id] ?? "", "\(city.latitude)", "\(city.longitude)", "P", row.feature, city.country, "", row.admin1, "",
                "", "", "\(row.population)", "", "12", row.zone, "2024-01-01",
            ]
            return columns.joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
        let admin1 = regions.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\t\($0.value)\t1" }.joined(separator: "\n") + "\n"
        let countries = "#ISO\tISO3\n" + Set(catalog.cities.map(\.country)).filter { !$0.isEmpty }.sorted().map { code in
            ([code, code + "X", "1", code, "Country " + code, "Capital", "1", "1", "EU", ".x", "EUR", "Euro", "1", "", "", "en", "1", "", ""])
                .joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
        return (table, admin1, countries)
    }

    /// Writes the files of `site`'s search index (`search/…`) into `folder`, for `SearchIndex` to read.
    static func writeSearchIndex(of site: Site, to folder: URL) throws {
        let files = SiteFiles(site: site, templates: try TemplateSet())
        for route in site.routes where site.layout.path(route).hasPrefix("search/") {
            let url = folder.appendingPathComponent(site.layout.path(route))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(files.contents(route)).write(to: url)
        }
    }

    /// A fresh, empty temporary folder.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension CityCatalog {
    func labels(_ query: String, limit: Int = .max) -> [String] {
        CatalogSearch(self).search(query, limit: limit).map { cities[$0].label }
    }
}

/// A test case that builds sites from fixtures into a temporary folder of its own.
class SiteTestCase: XCTestCase {
    var folder: URL!

    override func setUp() { folder = Fixtures.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func build(_ data: Data, pageSize: Int = 2, output: String = "site", configure: (inout BuildOptions) -> Void = { _ in })
        async throws -> BuildReport
    {
        let source = folder.appendingPathComponent("cities-\(UUID().uuidString).json")
        try data.write(to: source)
        var options = BuildOptions()
        options.source = .file(source.path)
        options.output = folder.appendingPathComponent(output)
        options.pageSize = pageSize
        // The default places are GeoNames' own, downloaded: tests that want places name files of their own.
        options.places = .none
        configure(&options)
        return try await BuildService(options: options).run()
    }

    func read(_ path: String, in output: String = "site") throws -> String {
        try String(contentsOf: folder.appendingPathComponent(output).appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file below `output` with its bytes and modification time.
    func snapshot(_ output: String = "site") throws -> [String: (Data, Date)] {
        let root = folder.appendingPathComponent(output)
        var files: [String: (Data, Date)] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.contentModificationDateKey])!
        // `.citygen-lock` is the build lock, held while a build runs: no file of the site, and never rewritten.
        for case let url as URL in enumerator where !url.hasDirectoryPath && url.lastPathComponent != ".citygen-lock" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            files[path] = (try Data(contentsOf: url), try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate!)
        }
        return files
    }
}

extension CommonMark {
    /// cmark's HTML for Markdown given as text, as text.
    static func html(from markdown: String) -> String {
        String(decoding: html(from: Array(markdown.utf8)), as: UTF8.self)
    }
}

extension SiteRenderer {
    /// The page at `route` as text.
    func text(_ route: Route) -> String {
        return String(decoding: page(route.page!).bytes, as: UTF8.self)
    }
}
