@testable import CityGenKit
import Foundation
import XCTest

/// The index's rows in JSON (docs/formats.md, "Rows"): fixed columns, a column one thing, empty where a row lacks it
/// and the empty ones at the end left out; the key folded by the reader but for word keys; rows a reader must refuse.
final class IndexEntryTests: XCTestCase {
    private func decoded(_ json: String) throws -> IndexEntry {
        try JSONDecoder().decode(IndexEntry.self, from: Data(json.utf8))
    }

    private func key(_ name: String, _ country: String) -> [UInt8] {
        SearchKey.index(name: Array(Fold.fold(name).utf8), country: Array(Fold.fold(country).utf8))
    }

    func testRowsCarryTheRegionAndPopulationAndNoKeyTheReaderCanFold() throws {
        let springfield = IndexEntry(
            id: 4_250_542, name: "Springfield", country: "US", latitude: 39.80172, longitude: -89.64371, key: key("Springfield", "US"),
            distinction: .coordinates, region: "Illinois", regionTellsApart: true, population: 116_250)
        XCTAssertEqual(springfield.json, #"[4250542,"Springfield","US",39.80172,-89.64371,116250,3,"Illinois"]"#)
        XCTAssertEqual(springfield.label, "Springfield, US (Illinois)")
        XCTAssertEqual(try decoded(springfield.json), springfield)

        let tafi = IndexEntry(
            id: 3_836_564, name: "Tafí del Valle", country: "AR", latitude: -26.85275, longitude: -65.70983, key: key("Tafí del Valle", "AR"),
            region: "Tucumán")
        XCTAssertEqual(tafi.json, #"[3836564,"Tafí del Valle","AR",-26.85275,-65.70983,0,0,"Tucumán"]"#)
        XCTAssertEqual(tafi.label, "Tafí del Valle, AR", "a region that tells nothing apart stays out of the label")
        let read = try decoded(tafi.json)
        XCTAssertEqual(read, tafi)
        XCTAssertEqual(read.key, Array("tafi del valle\tar".utf8), "the key is folded from the name and country")

        let buenosAires = IndexEntry(
            id: 1, name: "Buenos Aires", country: "AR", latitude: -34.613152, longitude: -58.377232, key: key("Buenos Aires", "AR"), distinction: .coordinates)
        XCTAssertEqual(buenosAires.json, #"[1,"Buenos Aires","AR",-34.613152,-58.377232,0,1]"#)
        XCTAssertEqual(try decoded(buenosAires.json).label, "Buenos Aires, AR (-34.6132,\u{A0}-58.3772)")
        XCTAssertEqual(try decoded(#"[2,"Córdoba","AR",-31.4,-64.2]"#).key, Array("cordoba\tar".utf8))
    }

    func testWordAndOtherNameRowsCarryTheirKeyOrName() throws {
        let york = try decoded(#"[5128581,"New York City","US",40.71427,-74.00597,8804190,0,"New York","york city us"]"#)
        XCTAssertEqual(york.key, Array("york city us".utf8))
        XCTAssertEqual(york.population, 8_804_190)
        XCTAssertEqual(york.region, "New York")
        XCTAssertEqual(york.label, "New York City, US")
        XCTAssertEqual(york.json, #"[5128581,"New York City","US",40.71427,-74.00597,8804190,0,"New York","york city us"]"#)

        let london = try decoded(#"[2643743,"London","GB",51.50853,-0.12574,8961989,0,"England","","Londres"]"#)
        XCTAssertEqual(london.otherName, "Londres")
        XCTAssertEqual(london.population, 8_961_989)
        XCTAssertEqual(london.region, "England")
        XCTAssertEqual(london.json, #"[2643743,"London","GB",51.50853,-0.12574,8961989,0,"England","","Londres"]"#)
        XCTAssertEqual(london.key, Array("londres gb".utf8), "an other name's key is the folded name and country")
        let unranked = try decoded(#"[2643743,"London","GB",51.50853,-0.12574,0,0,"","","Lundúnir"]"#)
        XCTAssertNil(unranked.population, "a population of 0 is none")
        XCTAssertNil(unranked.region, "an empty region is none")
        XCTAssertEqual(unranked.json, #"[2643743,"London","GB",51.50853,-0.12574,0,0,"","","Lundúnir"]"#)
    }

    func testMalformedRowsAreRefused() {
        for json in [
            #"[1,"a","US",1,2,0,3]"#,  // told apart by a region it does not name
            #"[1,"a","US",1,2,0,4,"r"]"#,  // no such distinction
            #"[1,"a","US",1,2,0,1,2]"#,  // a number in the region name's place
            #"[1,"a","US",1,2,0,"r"]"#,  // a region's name in the distinction's column
            #"[1,"a","US",1,2,"a\tus"]"#,  // a word key in the population's column
            #"[1,"a","US",1,2,["b",1]]"#,  // an array in a column
            #"[1,"a","US",1,2,0,0,"","a us","a"]"#,  // a word key and another name
            #"[1,"a","US",1,2,0,0,"","","b",1]"#,  // an eleventh column
            #"[1,"a","US",1]"#,
        ] {
            XCTAssertThrowsError(try decoded(json), json)
        }
    }

    func testAPagesRowLeavesOutTheRegionUnlessItsLabelNeedsIt() {
        let tafi = IndexEntry(id: 3, name: "Tafí", country: "AR", latitude: 1, longitude: 2, key: key("Tafí", "AR"), region: "Tucumán", population: 4)
        XCTAssertEqual(tafi.withoutRegionName.json, #"[3,"Tafí","AR",1,2,4]"#)
        let springfield = IndexEntry(
            id: 4, name: "Springfield", country: "US", latitude: 1, longitude: 2, key: key("Springfield", "US"), region: "Illinois", regionTellsApart: true)
        XCTAssertEqual(springfield.withoutRegionName.json, #"[4,"Springfield","US",1,2,0,3,"Illinois"]"#)
    }
}
