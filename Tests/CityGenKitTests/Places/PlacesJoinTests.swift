import Foundation
import XCTest

@testable import CityGenKit

/// Joining GeoNames rows to the catalog (SPEC §1b): by id, then by folded name within 5 km, one city a row.
final class PlacesJoinTests: XCTestCase {
    static let admin1 = "FR.11\tÎle-de-France\tIle-de-France\t3012874\nGB.ENG\tEngland\tEngland\t6269131\n"
    static let countryInfo = "#ISO\tISO3\tISO-Numeric\tfips\tCountry\n# a comment\twith\ttabs\n"
        + "FR\tFRA\t250\tFR\tFrance\tParis\t547030\t64768389\tEU\t.fr\tEUR\tEuro\t33\t#####\t^(\\d{5})$\tfr-FR\t3017382\tCH,DE\t\n"
    /// Kilometres in a degree of latitude on citygen's sphere.
    static let kmPerDegree = 6_371.0088 * Double.pi / 180

    private typealias Cities = [(id: Int, name: String, country: String, lat: Double, lon: Double)]

    private func join(_ cities: Cities, _ rows: [String]) throws -> (places: Places, catalog: CityCatalog) {
        let catalog = Fixtures.catalog(cities)
        let places = try PlaceJoin.join(
            catalog: catalog, table: .bytes(Data(rows.map { $0 + "\n" }.joined().utf8), name: "cities500.txt"),
            admin1: .bytes(Data(Self.admin1.utf8), name: "admin1CodesASCII.txt"),
            countryInfo: .bytes(Data(Self.countryInfo.utf8), name: "countryInfo.txt"))
        return (places, catalog)
    }

    private func row(_ id: Int, _ name: String, _ lat: Double, _ lon: Double, _ columns: [Int: String] = [:]) -> String {
        PlacesTableTests.row(id, name, lat: lat, lon: lon, columns)
    }

    private func index(_ catalog: CityCatalog, id: Int) -> Int { catalog.indicesByID()[id]! }

    func testAJoinByIDGivesTheRowsFacts() throws {
        let alternates = "Lutetia,Parigi,París,paris,PARIS,Парижь,巴黎,Lutèce,Lutece,Parisград,Paris 01,75,Hawaiʻi"
        let (places, catalog) = try join(
            [(2988507, "Paris", "FR", 48.85341, 2.3488), (2643743, "London", "GB", 51.50853, -0.12574),
             (2990999, "Melun", "FR", 48.5, 2.6), (5, "Nowhere", "FR", 10, 10), (6, "Somewhere", "FR", 11, 11)],
            [row(2988507, "Paris", 48.85341, 2.3488, [3: alternates, 7: "PPLC", 14: "2138551", 15: "", 16: "42"]),
             row(2643743, "London", 51.5, -0.12, [8: "GB", 10: "ENG", 7: "PPLC", 14: "0", 15: "25", 16: "20", 17: "Europe/London"]),
             row(2990999, "Melun", 48.5, 2.6, [7: "PPLA", 15: "", 16: "-9999", 17: ""]),
             row(5, "Nowhere", 10, 10, [10: "99"]), row(6, "Somewhere", 11, 11, [10: ""])])
        XCTAssertEqual(places.joinedByID, 5)
        XCTAssertEqual(places.joinedByName, 0)
        let paris = try XCTUnwrap(places.facts(index(catalog, id: 2988507)))
        XCTAssertEqual(paris.geonameID, 2988507)
        XCTAssertTrue(paris.joinedByID)
        XCTAssertEqual(paris.region, PlaceRegion(country: "FR", code: "11"))
        XCTAssertEqual(paris.regionName, "Île-de-France")
        XCTAssertEqual(paris.population, 2_138_551)
        XCTAssertEqual(paris.elevation, 42, "dem when elevation is empty")
        XCTAssertEqual(paris.timeZone, "Europe/Paris")
        XCTAssertTrue(paris.isCapital)
        XCTAssertFalse(paris.isRegionSeat)
        let london = try XCTUnwrap(places.facts(index(catalog, id: 2643743)))
        XCTAssertNil(london.population, "a population of 0 is none")
        XCTAssertEqual(london.elevation, 25, "elevation before dem")
        XCTAssertEqual(london.regionName, "England")
        let melun = index(catalog, id: 2990999)
        XCTAssertNil(places.elevation(melun), "dem -9999 is none")
        XCTAssertNil(places.facts(melun)?.timeZone)
        XCTAssertTrue(places.isRegionSeat(melun))
        XCTAssertFalse(places.isCapital(melun))
        XCTAssertEqual(places.facts(index(catalog, id: 5))?.region, PlaceRegion(country: "FR", code: "99"))
        XCTAssertNil(places.facts(index(catalog, id: 5))?.regionName, "a code missing from the admin-1 table has no name")
        XCTAssertNil(places.facts(index(catalog, id: 6))?.region)
        XCTAssertEqual(places.regions.map(\.description), ["FR.11", "FR.99", "GB.ENG"])
        XCTAssertEqual(places.cities(in: PlaceRegion(country: "FR", code: "11")), [melun, index(catalog, id: 2988507)])
        XCTAssertEqual(places.cities(in: PlaceRegion(country: "GB", code: "ENG")), [index(catalog, id: 2643743)])
        XCTAssertEqual(places.cities(in: PlaceRegion(country: "GB", code: "SCT")), [])
        XCTAssertEqual(places.regionName(PlaceRegion(country: "GB", code: "ENG")), "England")
        XCTAssertEqual(places.countryName("FR"), "France")
        XCTAssertEqual(places.countries["FR"]?.geonameID, 3017382)
        XCTAssertEqual(places.skipped.count, 0)
    }

    /// Two cities of one name 1.1 km apart, one joined by id: its row must not join the other by name.
    func testARowJoinedByIDDoesNotAlsoJoinANamesakeNearby() throws {
        let (places, catalog) = try join(
            [(2990611, "Nangis", "FR", 48.5553, 3.0131), (9_000_001, "Nangis", "FR", 48.5553 + 1.1 / Self.kmPerDegree, 3.0131)],
            [row(2990611, "Nangis", 48.5553, 3.0131)])
        XCTAssertEqual(places.joinedByID, 1)
        XCTAssertEqual(places.joinedByName, 0)
        XCTAssertNil(places.facts(index(catalog, id: 9_000_001)))
    }

    /// The columns are narrow (32-bit ids and populations, 16-bit elevations): a wider value is kept, clamped or
    /// none, never wrapped.
    func testValuesBeyondTheNarrowColumnsAreKeptClampedOrNone() throws {
        let wide = 5_000_000_000
        let (places, catalog) = try join(
            [(wide, "Far", "FR", 40, 3), (8, "Melun", "FR", 48.54, 2.66)],
            [row(wide, "Far", 40, 3, [14: "6000000000", 15: "40000", 16: ""]),
             row(wide + 1, "Melun", 48.545, 2.66, [15: "-32768"])])
        let far = try XCTUnwrap(places.facts(index(catalog, id: wide)))
        XCTAssertEqual(far.geonameID, wide)
        XCTAssertEqual(far.population, Int(UInt32.max), "clamped: no place has more")
        XCTAssertNil(far.elevation, "no place is 40,000 m high")
        let melun = try XCTUnwrap(places.facts(index(catalog, id: 8)))
        XCTAssertEqual(melun.geonameID, wide + 1)
        XCTAssertFalse(melun.joinedByID)
        XCTAssertNil(melun.elevation, "the one value the column keeps for none")
    }

    /// A city matched by name early in the file and by id later keeps its id row only.
    func testAnIDRowLaterInTheFileWinsOverANameMatch() throws {
        let (places, catalog) = try join(
            [(7, "Melun", "FR", 48.54, 2.66)], [row(1000, "Melun", 48.545, 2.66), row(7, "Melun", 48.54, 2.66, [14: "40000"])])
        XCTAssertEqual(places.joinedByID, 1)
        XCTAssertEqual(places.joinedByName, 0)
        XCTAssertEqual(places.facts(index(catalog, id: 7))?.geonameID, 7)
        XCTAssertEqual(places.facts(index(catalog, id: 7))?.population, 40000)
    }

    func testARowTheOneCandidateOfTwoCitiesJoinsTheNearest() throws {
        let (places, catalog) = try join(
            [(11, "Sainte-Marie", "FR", 48.0, 2.0), (12, "Sainte Marie", "FR", 48.02, 2.0)],
            [row(500, "Sainte-Marie", 48.015, 2.0, [3: "Sancta Maria"])])
        XCTAssertEqual(places.joinedByName, 1)
        XCTAssertNil(places.facts(index(catalog, id: 11)))
        let joined = try XCTUnwrap(places.facts(index(catalog, id: 12)))
        XCTAssertEqual(joined.geonameID, 500)
        XCTAssertFalse(joined.joinedByID)
        // Equally near (exact binary offsets): the first in catalog order, "Sainte Marie" before "Sainte-Marie".
        let (tie, tieCatalog) = try join(
            [(11, "Sainte-Marie", "FR", 48.0, 2.0 - 1.0 / 128), (12, "Sainte Marie", "FR", 48.0, 2.0 + 1.0 / 128)],
            [row(500, "Sainte-Marie", 48.0, 2.0)])
        XCTAssertEqual(tie.joinedByName, 1)
        XCTAssertEqual(tie.facts(index(tieCatalog, id: 12))?.geonameID, 500)
        XCTAssertEqual(index(tieCatalog, id: 12), 0)
    }

    func testOnlyARowWithin5KilometresJoins() throws {
        let far = 5.1 / Self.kmPerDegree, near = 4.9 / Self.kmPerDegree
        let (places, catalog) = try join(
            [(21, "Provins", "FR", 48.56, 3.29), (22, "Coulommiers", "FR", 48.81, 3.08)],
            [row(600, "Provins", 48.56 + far, 3.29), row(601, "Coulommiers", 48.81 + near, 3.08)])
        let provins = City(id: 0, name: "", country: "", latitude: 48.56, longitude: 3.29)
        XCTAssertEqual(NearestCities.distance(from: provins, to: City(id: 0, name: "", country: "", latitude: 48.56 + far, longitude: 3.29)), 5.1, accuracy: 1e-9)
        XCTAssertNil(places.facts(index(catalog, id: 21)))
        XCTAssertEqual(places.facts(index(catalog, id: 22))?.geonameID, 601)
        XCTAssertEqual(places.joinedByName, 1)
    }

    func testTheFoldedASCIINameJoinsToo() throws {
        let (places, catalog) = try join(
            [(31, "Koeln", "DE", 50.93, 6.95)], [row(700, "Köln", 50.94, 6.95, [2: "Koeln", 8: "DE", 10: "07"])])
        XCTAssertEqual(places.facts(index(catalog, id: 31))?.geonameID, 700)
        XCTAssertEqual(places.facts(index(catalog, id: 31))?.region, PlaceRegion(country: "DE", code: "07"))
    }

    func testTwoCandidatesJoinNeitherAndAnotherCountryNone() throws {
        let (places, catalog) = try join(
            [(41, "Meaux", "FR", 48.96, 2.88), (51, "Basel", "CH", 47.56, 7.59)],
            [row(800, "Meaux", 48.961, 2.88), row(801, "Meaux", 48.962, 2.88), row(900, "Basel", 47.561, 7.59, [8: "DE"])])
        XCTAssertNil(places.facts(index(catalog, id: 41)))
        XCTAssertNil(places.facts(index(catalog, id: 51)))
        XCTAssertEqual(places.joinedByName, 0)
    }

    func testAdmin1AndCountryTablesSkipBadLinesAndRefuseOtherFiles() throws {
        let admin1 = try Admin1Codes(.bytes(Data((Self.admin1 + "nodot\tX\tX\t1\nFR.44\tGrand Est\tGrand Est\tabc\n").utf8), name: "a.txt"))
        XCTAssertEqual(admin1.name(country: "FR", code: "11"), "Île-de-France")
        XCTAssertEqual(admin1.skipped.first.map(\.line), [3, 4])
        let countries = try CountryInfo(.bytes(Data((Self.countryInfo + "fr\tX\n").utf8), name: "c.txt"))
        XCTAssertEqual(countries.name("FR"), "France")
        XCTAssertEqual(countries.countries["FR"], PlaceCountry(code: "FR", name: "France", capital: "Paris", geonameID: 3017382))
        XCTAssertEqual(countries.skipped.first, [SkippedLine(file: "c.txt", line: 4, reason: "2 tab-separated columns, expected 19")])
        XCTAssertThrowsError(try CountryInfo(.bytes(Data("# only\n# comments\n".utf8), name: "c.txt"))) { error in
            XCTAssertEqual(error as? CityGenError, .notATable(file: "c.txt", expected: CountryInfo.expected, found: "only comment lines"))
        }
        XCTAssertThrowsError(try Admin1Codes(.bytes(Data("<html><body>Service unavailable".utf8), name: "a.txt"), strict: true)) {
            XCTAssertEqual($0 as? CityGenError, .notATable(file: "a.txt", expected: Admin1Codes.expected, found: "an HTML page"))
        }
        XCTAssertThrowsError(try Admin1Codes(.bytes(Data((Self.admin1 + "nodot\tX\tX\t1\n").utf8), name: "a.txt"), strict: true)) {
            XCTAssertEqual(($0 as? CityGenError)?.exitCode, 65)
        }
    }
}
