import XCTest

@testable import CityGenKit
import CityGenTestSupport

/// The tests' search oracle (`CityGenTestSupport`), checked against the SPEC's examples and a linear scan:
/// the index reader and the browser client are tested against it.
final class SearchTests: XCTestCase {
    let challenge = Fixtures.catalog(Fixtures.challenge)

    func testChallengeExample() {
        XCTAssertEqual(challenge.labels("A"), ["Alabama, US", "Albuquerque, US", "Anaheim, US", "Arizona, US"])
        XCTAssertEqual(challenge.labels("s"), ["Sydney, AU"])
        XCTAssertEqual(challenge.labels("Al"), ["Alabama, US", "Albuquerque, US"])
        XCTAssertEqual(challenge.labels("Alb"), ["Albuquerque, US"])
    }

    func testCityFirstThenCountry() {
        let catalog = Fixtures.catalog([(1, "Sydney", "AU", 0, 0), (2, "Denver", "US", 0, 0)])
        XCTAssertEqual(catalog.cities.map(\.label), ["Denver, US", "Sydney, AU"])
    }

    func testInvalidQueriesMatchNothing() {
        for query in ["", "   ", ",,,", "--", "'", "’’", String(repeating: "!?", count: 5000)] {
            XCTAssertEqual(CatalogSearch(challenge).search(query), [], "query \(query.prefix(20).debugDescription)")
        }
    }

    func testVeryLongAndUnknownQueries() {
        XCTAssertEqual(CatalogSearch(challenge).search(String(repeating: "a", count: 10_240)), [])
        XCTAssertEqual(CatalogSearch(challenge).search("Alabama" + String(repeating: "x", count: 10_240)), [])
        XCTAssertEqual(CatalogSearch(challenge).search("zzz"), [])
        XCTAssertEqual(CatalogSearch(challenge).search("b"), [])  // between Arizona and Sydney
        XCTAssertEqual(CatalogSearch(challenge).search("0"), [])  // before every key
        XCTAssertEqual(CatalogSearch(challenge).search("北京"), [])  // after every key
    }

    func testCaseAccentsAndPunctuationAreFolded() {
        let catalog = Fixtures.catalog([
            (1, "Córdoba", "AR", 0, 0), (2, "Cordoba", "ES", 0, 0), (3, "CORDOBA", "MX", 0, 0), (4, "Cork", "IE", 0, 0),
        ])
        let expected = ["Córdoba, AR", "Cordoba, ES", "CORDOBA, MX"]
        XCTAssertEqual(catalog.labels("córdoba"), expected)
        XCTAssertEqual(catalog.labels("CORDOBA"), expected)
        XCTAssertEqual(catalog.labels("  c.o.r.d "), [])  // punctuation separates words
        XCTAssertEqual(catalog.labels("cOr"), expected + ["Cork, IE"])
    }

    func testQueryRunsIntoTheCountry() {
        let catalog = Fixtures.catalog([
            (1, "London", "GB", 0, 0), (2, "London", "US", 0, 0), (3, "London", "CA", 0, 0), (4, "Londonderry", "GB", 0, 0),
        ])
        XCTAssertEqual(catalog.labels("london, gb"), ["London, GB"])
        XCTAssertEqual(catalog.labels("London U"), ["London, US"])
        XCTAssertEqual(catalog.labels("london "), ["London, CA", "London, GB", "London, US", "Londonderry, GB"])
    }

    /// `a z` matches `a, ZZ` and `a z, US` but not `a b, US`, which sits between them in SPEC order:
    /// the matches are two runs, and they come back in SPEC order.
    func testMatchesThatAreNotOneRun() {
        let catalog = Fixtures.catalog([(1, "A", "ZZ", 0, 0), (2, "A B", "US", 0, 0), (3, "A Z", "US", 0, 0)])
        XCTAssertEqual(catalog.cities.map(\.label), ["A, ZZ", "A B, US", "A Z, US"])
        XCTAssertEqual(catalog.labels("a z"), ["A, ZZ", "A Z, US"])
        XCTAssertEqual(catalog.labels("a z", limit: 1), ["A, ZZ"])
        XCTAssertEqual(CatalogSearch(catalog).matchingRanges(for: "a z"), [0..<1, 2..<3])
    }

    /// A name that folds to nothing (`-`) has the country alone as its key, so `by` finds `-, BY`.
    func testNameThatFoldsToNothingIsFoundByItsCountry() {
        let catalog = Fixtures.catalog([(1, "-", "BY", 0, 0), (2, "Byron", "US", 0, 0), (3, "-", "RU", 0, 0)])
        XCTAssertEqual(catalog.labels("by"), ["-, BY", "Byron, US"])
        XCTAssertEqual(catalog.labels("r"), ["-, RU"])
    }

    func testEmptyCountryMatchesOnTheNameAlone() {
        let catalog = Fixtures.catalog([(1, "Nowhere", "", 0, 0), (2, "Nowhere", "XX", 0, 0)])
        XCTAssertEqual(catalog.labels("nowhere"), ["Nowhere", "Nowhere, XX"])
        XCTAssertEqual(catalog.labels("nowhere x"), ["Nowhere, XX"])
        XCTAssertEqual(CatalogSearch(catalog).searchKey(at: 0), "nowhere")
    }

    /// Binary search must give exactly what a linear scan of the SPEC §4 definition gives.
    func testAgreesWithLinearScanOnGeneratedData() {
        var generator = SystemRandomNumberGenerator()
        let words = ["a", "ab", "abc", "b", "ba", "São", "sao", "Ærø", "a-b", "a b", "zz", "Z", "-", "us"]
        let countries = ["", "A", "AB", "B", "US", "ZZ"]
        var cities: [City] = []
        for id in 0..<400 {
            let name = (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: " ")
            cities.append(City(id: id, name: name, country: countries.randomElement(using: &generator)!, latitude: 0, longitude: 0))
        }
        let oracle = CatalogSearch(CityCatalog(cities))
        for query in ["a", "a b", "ab a", "sao", "s", "z", "a a", "ab ", "a u", "ae", "b b b", "zz a", "a ab u", "c", "u", "us", "b us"] {
            let folded = Fold.fold(query)
            let expected = oracle.catalog.cities.indices.filter { oracle.searchKey(at: $0).hasPrefix(folded) }
            XCTAssertEqual(oracle.search(query), expected, "query \(query)")
        }
    }
}
