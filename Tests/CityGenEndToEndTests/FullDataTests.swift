import CityGenKit
import Foundation
import XCTest

/// End-to-end tests of the `citygen` executable on the real data (209,579 cities), run as a user would:
/// a config file, the default pipeline, the built site read back from disk.
final class FullDataTests: FolderTestCase {

    struct InputCity {
        let name: String, country: String, lat: Double, lon: Double
    }

    /// The input read independently of citygen's decoder.
    private func inputCities() throws -> [Int: InputCity] {
        let records = try snapshotRecords()
        var cities: [Int: InputCity] = [:]
        for record in records where !Fold.fold(record["name"] as! String).isEmpty {  // SPEC §1: skipped, reported
            let coord = record["coord"] as! [String: Any]
            cities[record["_id"] as! Int] = InputCity(
                name: (record["name"] as! String).trimmingCharacters(in: .whitespacesAndNewlines),
                country: record["country"] as! String,
                lat: (coord["lat"] as! NSNumber).doubleValue, lon: (coord["lon"] as! NSNumber).doubleValue)
        }
        return cities
    }

    /// SPEC §3, written out again here: folded name, folded country, name by scalar values, id.
    private func inSpecOrder(_ a: (Int, InputCity), _ b: (Int, InputCity)) -> Bool {
        func key(_ s: String) -> [UInt32] { Fold.fold(s).unicodeScalars.map(\.value) }
        for (x, y) in [
            (key(a.1.name), key(b.1.name)), (key(a.1.country), key(b.1.country)),
            (a.1.name.unicodeScalars.map(\.value), b.1.name.unicodeScalars.map(\.value)),
        ] where x != y {
            return x.lexicographicallyPrecedes(y)
        }
        return a.0 < b.0
    }

    private func matches(in text: String, _ pattern: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""  // "" for a group that did not take part
            }
        }
    }

    private func report() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as! [String: Any]
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Output").appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's build command with the network down and a config file: the default source cannot be
    /// fetched (port 9 on loopback refuses connections), so citygen builds the full site from its bundled
    /// snapshot, says so, and the site is complete, in order, linked and deterministic.
    func testFullSiteFromTheBundledSnapshot() throws {
        try """
            # A user's config: favorites by id and by name, a public URL for the sitemap.
            source: http://127.0.0.1:9/cities.json
            baseURL: https://cities.example.org/
            favorites:
              - 707860
              - 3435910          # "Buenos Aires, AR" is ambiguous: the province and the city
              - "Łódź, PL"
            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["build", "--report", "json", "--report-file", "report.json"], in: folder, environment: ShapeProofTests.checking)
        XCTAssertEqual(result.status, 0, result.stderr)
        try ShapeProofTests.assertCheckedAgainstCmark(try report(), output: folder.appendingPathComponent("Output"))
        XCTAssertTrue(result.stderr.contains("attempt 1 of 3 failed"), "a refused connection is retried: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains(
            "warning: could not download http://127.0.0.1:9/cities.json (connection refused by 127.0.0.1:9)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("using the snapshot bundled with citygen"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Built 209,569 cities → 2,096 list pages, 209,569 city pages, 370 index shards, 3 favorites in Output"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: skipped 10 invalid records: record 9625: name has no letter or digit;"), result.stderr)

        let input = try inputCities()
        let site = folder.appendingPathComponent("Output")

        // List pages: every city once, in SPEC order, the same in both formats.
        var markdownIds: [Int] = [], htmlIds: [Int] = []
        for page in 1...2_096 {
            let rows = try matches(in: read("list/\(page).md"), #"^- \[.*\]\(\.\./city/\d+/(\d+)\.md\)( ★)? · -?\d+\.\d{4},\u00A0-?\d+\.\d{4}$"#)
            XCTAssertEqual(rows.count, page < 2_096 ? 100 : 69, "page \(page)")
            markdownIds += rows.map { Int($0[0])! }
            htmlIds += try matches(in: read("list/\(page).html"), #"<span class="city" id="cityCell_(\d+)"><a href="\.\./city/\d+/\1\.html">"#)
                .map { Int($0[0])! }
        }
        XCTAssertEqual(markdownIds.count, 209_569)
        XCTAssertEqual(htmlIds, markdownIds)
        XCTAssertEqual(Set(markdownIds), Set(input.keys))
        let rows = markdownIds.map { ($0, input[$0]!) }
        let outOfOrder = zip(rows, rows.dropFirst()).filter { !inSpecOrder($0, $1) }
        XCTAssertEqual(outOfOrder.count, 0, "first: \(outOfOrder.first.map { "\($0.0.0) then \($0.1.0)" } ?? "")")

        // Detail pages: one per city and format; a sample checked against the input coordinates.
        let entries = try XCTUnwrap(FileManager.default.subpaths(atPath: site.path))
        let cityFiles = entries.filter { $0.hasPrefix("city/") }
        XCTAssertEqual(cityFiles.filter { $0.hasSuffix(".html") }.count, 209_569)
        XCTAssertEqual(cityFiles.filter { $0.hasSuffix(".md") }.count, 209_569)
        // SPEC §5: no folder holds more than 10,000 entries, so that static hosts accept the site.
        let crowded = Dictionary(grouping: entries) { $0.split(separator: "/").dropLast().joined(separator: "/") }
            .mapValues(\.count).filter { $0.value > 10_000 }
        XCTAssertTrue(crowded.isEmpty, "\(crowded)")
        let netlify = try CommandRunner.run(["check", "--host", "netlify"], in: folder)
        XCTAssertEqual(netlify.status, 0, netlify.stdout + netlify.stderr)
        let cloudflare = try CommandRunner.run(["check", "--host", "cloudflare-pages"], in: folder)
        XCTAssertEqual(cloudflare.status, 1, "both formats of every city are far more than 20,000 files")
        XCTAssertTrue(cloudflare.stderr.contains("Output does not fit Cloudflare Pages (Free): files "), cloudflare.stderr)
        XCTAssertTrue(cloudflare.stdout.contains("EXCEEDED"), cloudflare.stdout)
        // Country pages: one folder per code present (247, "" as none), and every city on its country's pages once.
        let countryFolders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("country").path)
            .filter { !$0.hasPrefix("index.") }
        XCTAssertEqual(countryFolders.count, Set(input.values.map(\.country)).count)
        let countryRows = try countryFolders.flatMap { code in
            try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("country/\(code)").path)
                .filter { $0.hasSuffix(".md") }
                .map { try read("country/\(code)/\($0)").components(separatedBy: "\n- [").count - 1 }
        }
        XCTAssertEqual(countryRows.reduce(0, +), 209_569)
        // Each country's maps (main first) from search/maps/<CC>.json: [file, west, span, south, north, width, height].
        var windows: [String: [[Any]]] = [:]
        for code in Set(input.values.map(\.country)) {
            let file = "search/maps/\(code.isEmpty ? "none" : code).json"
            windows.merge(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(read(file).utf8)) as? [String: Any])["maps"] as! [String: [[Any]]]) { a, _ in a }
        }
        /// Where a city lies on a map, as fractions of its width and height (x across the antimeridian as SPEC §5's
        /// windows run eastwards from `west`).
        func position(_ city: InputCity, on window: [Any]) -> (x: Double, y: Double) {
            let (west, span, south, north) = (window[1] as! Double, window[2] as! Double, window[3] as! Double, window[4] as! Double)
            var east = (city.lon - west).truncatingRemainder(dividingBy: 360)
            if east < 0 { east += 360 }
            if east > span, east - 360 > -span { east -= 360 }
            return (east / span, (north - city.lat) / (north - south))
        }
        /// A city's locator: the first of its country's maps that holds it.
        func locator(_ city: InputCity) -> [Any] {
            let maps = windows[city.country]!
            return maps.first { let (x, y) = position(city, on: $0); return (0...1).contains(x) && (0...1).contains(y) } ?? maps[0]
        }
        for id in markdownIds.enumerated().filter({ $0.offset % 419 == 0 }).map(\.element) {
            let city = input[id]!
            let html = try read("city/\(id % 1000)/\(id).html")
            // The locator: the first of the country's maps that holds the city, and the marker where it lies on it.
            let found = try XCTUnwrap(matches(in: html, #"<div id="locatorMap"><img src="\.\./\.\./(map/[A-Z]{2}(?:-\d+)?\.png)" alt="[^"]+" width="\d+" height="\d+"><span id="locatorMarker" style="left:(-?[\d.]+)%;top:(-?[\d.]+)%"></span></div>"#).first, "\(id)")
            let window = locator(city), (x, y) = position(city, on: window)
            XCTAssertEqual(found[0], window[0] as? String)
            XCTAssertEqual(Double(found[1])!, 100 * x, accuracy: 0.006, "\(id) left")
            XCTAssertEqual(Double(found[2])!, 100 * y, accuracy: 0.006, "\(id) top")
            // The viewer's link: a box of ±0.08° of longitude and ±0.05° of latitude around the city, within range.
            let viewer = try XCTUnwrap(matches(in: html, #"<a id="showMap" href="https://www\.openstreetmap\.org/export/embed\.html\?bbox=(-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)&amp;layer=mapnik&amp;marker=(-?[\d.]+),(-?[\d.]+)">Interactive map \(openstreetmap\.org\)</a>"#).first, "\(id)")
            let expected = [max(-180, city.lon - 0.08), max(-90, city.lat - 0.05), min(180, city.lon + 0.08), min(90, city.lat + 0.05), city.lat, city.lon]
            for (found, value) in zip(viewer, expected) { XCTAssertEqual(Double(found)!, value, accuracy: 5e-7, "\(id)") }
            XCTAssertFalse(html.contains("<iframe"), "\(id): nothing from another host until the visitor asks")
            let link = try XCTUnwrap(matches(in: html, #"<a id="osmLink" href="https://www\.openstreetmap\.org/\?mlat=(-?[\d.]+)&amp;mlon=(-?[\d.]+)#map=12/(-?[\d.]+)/(-?[\d.]+)">"#).first)
            XCTAssertEqual(Double(link[0])!, city.lat, accuracy: 5e-7)
            XCTAssertEqual(Double(link[1])!, city.lon, accuracy: 5e-7)
            XCTAssertEqual(link[2], link[0])
            XCTAssertEqual(link[3], link[1])
            XCTAssertTrue(html.contains("<span id=\"coordinates\">"), "\(id)")
            XCTAssertTrue(try read("city/\(id % 1000)/\(id).md").contains("- Id: \(id)\n"))
        }

        // Maps framed on the main body: the United Kingdom's main map holds Great Britain and Northern Ireland, not
        // the bases on Cyprus, which have a map of their own.
        let gb = windows["GB"]!
        for (name, id) in [("London", 2643743), ("Belfast", 2655984), ("Lerwick", 2644605), ("Penzance", 2640377), ("Stornoway", 2636790)] {
            XCTAssertEqual(locator(input[id]!)[0] as? String, "map/GB.png", name)
        }
        let akrotiri = try XCTUnwrap(input.first { $0.value.name == "Akrotiri" && $0.value.country == "GB" })
        let cyprus = locator(akrotiri.value)
        XCTAssertNotEqual(cyprus[0] as? String, "map/GB.png")
        XCTAssertTrue(try read("city/\(akrotiri.key % 1000)/\(akrotiri.key).html").contains(#"<img src="../../\#(cyprus[0] as! String)" alt="Akrotiri, GB on the map of an outlying part of United Kingdom" width="#))
        XCTAssertLessThan(cyprus[2] as! Double, 5, "the bases' map shows Cyprus, not Europe")
        XCTAssertEqual(gb.count, 2, "the main map and the bases'")
        // The United States' main map is framed on the contiguous states (they span at least half its width); Alaska
        // and Hawaii, together more than 1 % of its cities, have maps of their own.
        let us = windows["US"]!, contiguous = input.values.filter { $0.country == "US" && (24...50).contains($0.lat) && (-125 ... -66).contains($0.lon) }
        let across = contiguous.map { position($0, on: us[0]).x }
        XCTAssertGreaterThanOrEqual(across.max()! - across.min()!, 0.5, "the contiguous states across the US map: \(us[0])")
        for (name, id) in [("Anchorage", 5879400), ("Honolulu", 5856195), ("Juneau", 5554072)] {
            XCTAssertNotEqual(locator(input[id]!)[0] as? String, "map/US.png", name)
        }
        XCTAssertEqual(locator(input[4_930_956]!)[0] as? String, "map/US.png", "Boston")
        // For every country with at least 50 cities spread over at least 1°, the markers of its main body (all but
        // the 1 % farthest on each side, each axis) span at least half of their locator's width or height.
        var narrowest: (code: String, share: Double) = ("", 1)
        for (code, cities) in Dictionary(grouping: input.values, by: \.country) where cities.count >= 50 {
            let lats = cities.map(\.lat), lons = cities.map(\.lon)
            guard lats.max()! - lats.min()! >= 1 || lons.max()! - lons.min()! >= 1 else { continue }
            let main = windows[code]![0]
            let held = cities.map { position($0, on: main) }.filter { (0...1).contains($0.x) && (0...1).contains($0.y) }
            func spread(_ values: [Double]) -> Double {
                let sorted = values.sorted(), n = sorted.count - 1
                return sorted[Int((0.99 * Double(n)).rounded())] - sorted[Int((0.01 * Double(n)).rounded())]
            }
            let share = max(spread(held.map(\.x)), spread(held.map(\.y)))
            XCTAssertGreaterThanOrEqual(share, 0.5, code)
            if share < narrowest.share { narrowest = (code, share) }
        }
        print("main bodies: the narrowest spans \(narrowest.share) of \(narrowest.code)'s map")

        // Favorites on the favorites page, the list page and the detail page.
        let favorites = try read("favorites.md")
        for label in ["Buenos Aires, AR", "Gurzuf, UA", "Łódź, PL"] { XCTAssertTrue(favorites.contains("[\(label)]"), label) }
        XCTAssertTrue(try read("city/860/707860.md").hasPrefix("# Gurzuf, UA ★\n"))
        XCTAssertTrue(try read("favorites.html").contains(#"id="cityCell_707860""#))

        // The sitemap covers every HTML page in files of at most 50,000 URLs.
        var urls = 0
        for n in 1...5 { urls += try read("sitemap-\(n).xml").components(separatedBy: "<url>").count - 1 }
        XCTAssertEqual(urls, 3 + 2_096 + 209_569 + 2_246)  // home, favorites, the map, lists, cities, country index and pages
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("sitemap-6.xml").path))

        // Every relative link and fragment resolves.
        let check = try CommandRunner.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout.prefix(2000) + check.stderr)
        XCTAssertTrue(check.stderr.contains("pages: 0 broken"), check.stderr)

        // The same input again (from the file this time: the same bytes) changes nothing, and knows it without
        // rendering; forcing a full render by touching a page shows every other file byte-identical.
        let again = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "-v"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("check: unchanged"), again.stderr)
        // The files: every file of the site (pages, index, maps; not citygen's own hidden manifest and lock), each one
        // unchanged.
        // Counted by find: Foundation's enumerator took a tenth of this test's time on 430,000 URLs.
        let found = try CommandRunner.shell("find Output -type f -not -path '*/.*' | wc -l", in: folder)
        let files = try XCTUnwrap(Int(found.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertGreaterThan(files, 430_000)
        XCTAssertTrue(again.stderr.contains("; 0 files written, \(Digits.grouped(files)) unchanged, 0 removed"), again.stderr)
        try "touched".write(to: site.appendingPathComponent("city/860/707860.md"), atomically: false, encoding: .utf8)
        let rendered = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path], in: folder)
        XCTAssertTrue(rendered.stderr.contains("; 1 file written, \(Digits.grouped(files - 1)) unchanged, 0 removed"), rendered.stderr)
    }

    func testNoFallbackExits69AndWritesNothing() throws {
        let strict = try CommandRunner.run(
            ["build", "--source", "http://127.0.0.1:9/cities.json", "--no-fallback", "--output", "other"], in: folder)
        XCTAssertEqual(strict.status, 69, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("\nerror: could not download http://127.0.0.1:9/cities.json: connection refused by 127.0.0.1:9"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other").path))
    }

    /// The compact site of the full data fits Cloudflare Pages' 20,000 files (the build's own host check passes),
    /// has no file per city, and its links resolve.
    func testTheFullCompactSiteFitsCloudflarePages() throws {
        let build = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--host", "cloudflare-pages"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("Cloudflare Pages (Free) (cloudflare-pages):\n  files  "), build.stderr)
        let city = folder.appendingPathComponent("Output/city")
        let dataFiles = try FileManager.default.contentsOfDirectory(atPath: city.path)
        XCTAssertEqual(dataFiles.count, 2_000)
        XCTAssertTrue(dataFiles.allSatisfy { $0.hasSuffix(".js") }, "no folder of detail pages")
        let check = try CommandRunner.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}
