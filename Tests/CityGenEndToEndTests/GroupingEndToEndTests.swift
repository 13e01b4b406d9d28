import CityGenKit
import Foundation
import XCTest

/// Groupings on the full snapshot with GeoNames' files as Debian's libtimezonemap-data installs them (SPEC §5, §6
/// `groupings`): a zone id that is no safe folder name never becomes a path, and `groupings: []` writes no grouping's
/// pages and links none.
final class GroupingEndToEndTests: FolderTestCase {
    private func build(_ groupings: String, table: String) throws -> CommandRunner.Result {
        let ui = PlacesEndToEndTests.geoNames.path
        try """
            formats: [html]
            \(groupings)
            places:
              cities: \(table)
              admin1: \(ui)/admin1Codes.txt
              countries: \(ui)/countryInfo.txt
            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        return try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path], in: folder)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/\(path)").path) }

    func testAnUnsafeZoneIdIsSkippedWithAWarningAndNoGroupingsLinkNone() throws {
        let original = PlacesEndToEndTests.geoNames.appendingPathComponent("cities15000.txt")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: original.path), "libtimezonemap-data is not installed")
        // London's row in a zone of `../x`, Paris's in one with an empty part.
        var lines = try String(contentsOf: original, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (id, zone) in [("2643743", "../x"), ("2988507", "Etc//Bad")] {
            let n = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(id + "\t") })
            var fields = lines[n].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            fields[17] = zone
            lines[n] = fields.joined(separator: "\t")
        }
        let table = folder.appendingPathComponent("cities15000.txt")
        try lines.joined(separator: "\n").write(to: table, atomically: true, encoding: .utf8)

        let result = try build("", table: table.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"warning: skipped 2 timeZone pages whose id makes no safe folder name: "../x", "Etc//Bad""#), result.stderr)
        XCTAssertFalse(exists("x") || exists("zone/x") || exists("zone/Etc/Bad"), "no folder from the ids")
        let odd = try CommandRunner.shell("cd Output && find . -path '*..*' -o -name '' | wc -l", in: folder)
        XCTAssertEqual(odd.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        let london = try String(contentsOf: folder.appendingPathComponent("Output/city/743/2643743.html"), encoding: .utf8)
        XCTAssertTrue(london.contains(#"<data id="timeZone" value="../x">"#) && !london.contains("zone/"), "London says its zone, unlinked")
        XCTAssertTrue(exists("zone/index.html") && exists("zone/Europe/Berlin/1.html"))

        let none = try build("groupings: []", table: table.path)
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertFalse(exists("country") || exists("region") || exists("zone"), "no grouping's pages")
        XCTAssertTrue(exists("map/GB.png"), "the locator maps stay")
        let links = try CommandRunner.shell("cd Output && grep -rlE 'href=\"[^\"]*(country|region|zone)/' --include=*.html . | head -3", in: folder)
        XCTAssertEqual(links, "", "pages linking a grouping's page")
        let check = try CommandRunner.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}
