import CityGenKit
import Foundation
import XCTest

/// Places on the full snapshot with GeoNames' own files as Debian's libtimezonemap-data installs them
/// (`cities15000.txt`, `admin1Codes.txt`, `countryInfo.txt`), run as a user would: the expectations are read from
/// those files here, not typed in.
final class PlacesEndToEndTests: FolderTestCase {
    static let geoNames = URL(fileURLWithPath: "/usr/share/libtimezonemap/ui")

    /// A row of the geoname table: what the tests compare pages with.
    struct Row {
        let id: Int, name: String, country: String, admin1: String, population: Int, zone: String
    }

    private func rows() throws -> [Row] {
        let text = try String(contentsOf: Self.geoNames.appendingPathComponent("cities15000.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 19, let id = Int(f[0]) else { return nil }
            return Row(id: id, name: f[1], country: f[8], admin1: f[10], population: Int(f[14]) ?? 0, zone: f[17])
        }
    }

    private func regionNames() throws -> [String: String] {
        let text = try String(contentsOf: Self.geoNames.appendingPathComponent("admin1Codes.txt"), encoding: .utf8)
        var names: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count >= 2 { names[f[0]] = f[1] }
        }
        return names
    }

    /// The snapshot's ids.
    private func snapshotIDs() throws -> Set<Int> { Set(try snapshotRecords().map { $0["_id"] as! Int }) }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Output").appendingPathComponent(path), encoding: .utf8)
    }

    private func cityPath(_ id: Int) -> String { "city/\(id % 1000)/\(id).html" }

    func testTheFullSiteShowsRegionsPopulationsAndTimeZonesFromGeoNamesFiles() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.geoNames.appendingPathComponent("cities15000.txt").path),
            "libtimezonemap-data is not installed")
        let ui = Self.geoNames.path
        try """
            places:
              cities: \(ui)/cities15000.txt
              admin1: \(ui)/admin1Codes.txt
              countries: \(ui)/countryInfo.txt
            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--report", "json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let places = try XCTUnwrap(report["places"] as? [String: Any], result.stdout)

        let rows = try rows(), ids = try snapshotIDs(), regions = try regionNames()
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(places["joinedByID"] as? Int, rows.filter { ids.contains($0.id) }.count, "every row whose id is a city's")
        XCTAssertTrue(result.stderr.contains("joined by id"), result.stderr)

        // London: its population and region as the files give them, its time zone with the local time's slot.
        let london = try XCTUnwrap(byID[2643743])
        let page = try read(cityPath(london.id))
        XCTAssertTrue(page.contains(#"<span id="population">\#(Digits.grouped(london.population))</span>"#), "population")
        XCTAssertTrue(page.contains(#" id="region">\#(regions["GB.\(london.admin1)"]!)</a></nav>"#), "region \(london.admin1)")
        // The zone by its name in English, as CLDR has it, and its IANA id as the value the local time reads.
        XCTAssertTrue(page.contains(#"<data id="timeZone" value="\#(london.zone)"><a href="../../zone/Europe/London/1.html">United Kingdom Time</a></data>"#), "CLDR's English name, linking its zone's page")
        XCTAssertTrue(page.contains("GeoNames</a> (CC BY 4.0)"), "the credit")
        XCTAssertTrue(try read(cityPath(london.id).replacingOccurrences(of: ".html", with: ".md")).contains("- Population: \(Digits.grouped(london.population))"))

        // Every Springfield, US the file knows is labelled with its state, and no two labels are the same.
        let springfields = rows.filter { $0.name == "Springfield" && $0.country == "US" && ids.contains($0.id) }
        XCTAssertGreaterThan(springfields.count, 3)
        var labels = Set<String>()
        for row in springfields {
            let heading = try XCTUnwrap(read(cityPath(row.id)).components(separatedBy: "<title>").dropFirst().first?.components(separatedBy: " · ").first)
            XCTAssertTrue(heading.hasPrefix("Springfield, US (\(regions["US.\(row.admin1)"]!))"), heading)
            labels.insert(heading)
        }
        XCTAssertEqual(labels.count, springfields.count)
        // Search tells them apart as the pages do, from the index alone.
        let search = try CommandRunner.run(["search", "springfield, us"], in: folder)
        XCTAssertEqual(search.status, 0, search.stderr)
        let found = Set(search.stdout.split(separator: "\n").map(String.init))
        XCTAssertTrue(labels.isSubset(of: found), "not in search: \(labels.subtracting(found).sorted().prefix(3))")

        // England's region pages list every city the file puts in England by id, and each city they list is in England.
        let england = regions["GB.ENG"]!
        var listed = Set<Int>()
        var page1 = try read("region/GB/ENG/1.html"), n = 1
        XCTAssertTrue(page1.contains(#"<ol id="largestCities""#))
        while true {
            for match in page1.components(separatedBy: #"id="cityCell_"#).dropFirst() { listed.insert(Int(match.prefix { $0.isNumber })!) }
            n += 1
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/region/GB/ENG/\(n).html").path) else { break }
            page1 = try read("region/GB/ENG/\(n).html")
        }
        let expected = Set(rows.filter { $0.country == "GB" && $0.admin1 == "ENG" && ids.contains($0.id) }.map(\.id))
        XCTAssertTrue(expected.isSubset(of: listed), "missing: \(expected.subtracting(listed).sorted().prefix(5))")
        for id in listed.subtracting(expected) {
            XCTAssertTrue(try read(cityPath(id)).contains(#" id="region">\#(england)</a></nav>"#), "city \(id) is listed in England")
        }
        XCTAssertTrue(try read("country/GB/1.html").contains(#"<ul id="regions""#))
        try assertZonePages(rows: rows, ids: ids)
    }

    /// A sample of zones: each lists every city the file puts in it by id, once, in SPEC §3 order, and each city it
    /// lists says that zone; the index lists every zone with its count.
    private func assertZonePages(rows: [Row], ids: Set<Int>) throws {
        let index = try read("zone/index.md")
        for zone in ["America/Argentina/Cordoba", "Europe/London", "Asia/Kolkata", "Africa/Lagos", "Pacific/Auckland"] {
            var listed: [Int] = [], previous: (name: String, country: String)?, n = 1
            while FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/zone/\(zone)/\(n).md").path) {
                for line in try read("zone/\(zone)/\(n).md").split(separator: "\n") where line.hasPrefix("- [") && line.contains("/city/") {
                    listed.append(Int(line.split(separator: "/").last!.prefix { $0.isNumber })!)
                    let label = String(line.dropFirst(3).prefix { $0 != "]" }).replacingOccurrences(of: "\\", with: "")
                        .replacingOccurrences(of: " \\([^()]*\\)$", with: "", options: .regularExpression)
                    let parts = label.components(separatedBy: ", ")
                    let key = (name: Fold.fold(parts.count > 1 ? parts.dropLast().joined(separator: ", ") : label), country: parts.count > 1 ? parts.last! : "")
                    if let previous {
                        XCTAssertFalse(key.name.utf8.lexicographicallyPrecedes(previous.name.utf8), "\(zone) page \(n): \(label) after \(previous)")
                    }
                    previous = key
                }
                n += 1
            }
            XCTAssertEqual(listed.count, Set(listed).count, "\(zone): a city listed twice")
            let expected = Set(rows.filter { $0.zone == zone && ids.contains($0.id) }.map(\.id))
            XCTAssertFalse(expected.isEmpty, zone)
            XCTAssertTrue(expected.isSubset(of: listed), "\(zone) misses \(expected.subtracting(listed).sorted().prefix(5))")
            for id in Set(listed).subtracting(expected).sorted().prefix(20) {
                XCTAssertTrue(try read(cityPath(id)).contains(#"<data id="timeZone" value="\#(zone)">"#), "city \(id) is in \(zone)")
            }
            XCTAssertTrue(index.contains("](\(zone)/1.md) (\(zone)) · \(Digits.grouped(listed.count)) cit"), "\(zone) in the index with its count")
        }
    }
}
