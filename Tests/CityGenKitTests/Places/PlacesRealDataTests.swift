import Foundation
import XCTest

@testable import CityGenKit

/// The real GeoNames files Debian ships (libtimezonemap-data: cities15000.txt, admin1Codes.txt, which is
/// admin1CodesASCII.txt, and countryInfo.txt) joined to the full snapshot, checked against what the files say,
/// read here on their own.
final class PlacesRealDataTests: XCTestCase {
    static let folder = URL(fileURLWithPath: "/usr/share/libtimezonemap/ui")

    /// The lines of a file, split on tabs, comments left out.
    private func lines(_ name: String) throws -> [[Substring]] {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    }

    func testTheDebianFilesJoinTheSnapshotAsTheyDescribeIt() throws {
        let table = Self.folder.appendingPathComponent("cities15000.txt")
        guard FileManager.default.fileExists(atPath: table.path) else { throw XCTSkip("libtimezonemap-data is not installed") }
        let snapshot = try Data(contentsOf: Fixtures.shared.appendingPathComponent("data/cities.json.gz"))
        let catalog = CityCatalog(try CityDecoder.decode(snapshot, sourceName: "cities.json.gz").cities)
        let places = try PlaceJoin.join(
            catalog: catalog, table: .file(table.path), admin1: .file(Self.folder.appendingPathComponent("admin1Codes.txt").path),
            countryInfo: .file(Self.folder.appendingPathComponent("countryInfo.txt").path), strict: true)

        let rows = try lines("cities15000.txt")
        let ids = catalog.indicesByID()
        XCTAssertEqual(places.joinedByID, rows.filter { ids[Int($0[0])!] != nil }.count)
        XCTAssertGreaterThan(places.joinedByID, 20_000)

        var regionNames: [String: String] = [:]
        for line in try lines("admin1Codes.txt") { regionNames[String(line[0])] = String(line[1]) }
        let londonRow = try XCTUnwrap(rows.first { $0[0] == "2643743" })
        let london = try XCTUnwrap(places.facts(try XCTUnwrap(ids[2643743])))
        XCTAssertEqual(london.population, Int(londonRow[14]))
        XCTAssertEqual(london.regionName, regionNames["\(londonRow[8]).\(londonRow[10])"])
        XCTAssertNotNil(london.regionName)
        XCTAssertTrue(london.isCapital)

        var named = 0
        for index in 0..<catalog.count {
            guard let facts = places.facts(index), let region = facts.region else { continue }
            XCTAssertEqual(facts.regionName, regionNames[region.description], "\(catalog.cities[index].label)")
            if facts.regionName != nil { named += 1 }
        }
        XCTAssertGreaterThan(named, places.joinedByID * 9 / 10)
        let countries = try lines("countryInfo.txt")
        XCTAssertEqual(places.countries.count, countries.count)
        XCTAssertEqual(places.countryName("GB"), countries.first { $0[0] == "GB" }.map { String($0[4]) })
        print("cities15000.txt: \(rows.count) rows, \(places.joinedByID) joined by id, \(places.joinedByName) by name, "
            + "\(places.regions.count) regions, \(places.storageBytes) bytes")
    }
}
