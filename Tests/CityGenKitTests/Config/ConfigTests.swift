import Foundation
import XCTest

@testable import CityGenKit

final class ConfigTests: XCTestCase {
    func testEveryKeyIsRead() throws {
        let config = try SiteConfig(yaml: """
            source: data/cities.json.gz
            output: public
            title: "Cities of the World"
            baseURL: https://example.org/cities
            pageSize: 50
            formats: [html]
            templates: my-templates
            favorites:
              - 707860
              - "Córdoba, AR"
            """)
        XCTAssertEqual(config.source, "data/cities.json.gz")
        XCTAssertEqual(config.output, "public")
        XCTAssertEqual(config.title, "Cities of the World")
        XCTAssertEqual(config.pageSize, 50)
        XCTAssertEqual(config.formats, [.html])
        XCTAssertEqual(config.favorites, [.id(707860), .name("Córdoba, AR")])

        let options = try BuildOptions(config: config, folder: URL(fileURLWithPath: "/site"))
        XCTAssertEqual(options.source, .file("/site/data/cities.json.gz"))
        XCTAssertEqual(options.output.path, "/site/public")
        XCTAssertEqual(options.templates?.path, "/site/my-templates")
        XCTAssertEqual(options.baseURL?.absoluteString, "https://example.org/cities/")
        XCTAssertEqual(options.pageSize, 50)
    }

    /// `host:` chooses the host's formats (HTML only on a host) unless `formats:` is given too.
    func testHostChoosesItsFormatsUnlessFormatsAreGiven() throws {
        let folder = URL(fileURLWithPath: "/tmp")
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: netlify"), folder: folder).formats, [.html])
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: netlify"), folder: folder).host, .netlify)
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: folder"), folder: folder).formats, [.html, .markdown])
        let both = try SiteConfig(yaml: "host: gitlab-pages\nformats: [markdown]")
        XCTAssertEqual(try BuildOptions(config: both, folder: folder).formats, [.markdown])
        let gzipOnly = try BuildOptions(config: SiteConfig(yaml: "host: gitlab-pages\nprecompress: [br]"), folder: folder)
        XCTAssertEqual(gzipOnly.precompress, [.br], "precompress: wins over the host's choice")
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: gitlab-pages\nprecompress: []"), folder: folder).precompress, [])
        XCTAssertThrowsError(try SiteConfig(yaml: "precompress: [zstd]")) { error in
            XCTAssertEqual("\(error)", "citygen.yml: precompress: must be a list of gzip and/or br, not [zstd]")
        }
        XCTAssertThrowsError(try SiteConfig(yaml: "host: vercel")) { error in
            XCTAssertEqual("\(error)", "citygen.yml: host: unknown host \"vercel\" (choose one of github-pages, gitlab-pages, netlify, cloudflare-pages, s3, folder, kiwix)")
        }
    }

    func testAZimIsHTMLWithNothingFromAnotherHostInTheConfigsLanguage() throws {
        let folder = URL(fileURLWithPath: "/tmp")
        var kiwix = try BuildOptions(config: SiteConfig(yaml: "host: kiwix\nlanguage: spa"), folder: folder)
        XCTAssertEqual(kiwix.formats, [.html])
        XCTAssertEqual(kiwix.precompress, [])
        XCTAssertEqual(kiwix.map, .locator)
        XCTAssertEqual(kiwix.language, "es", "a three-letter code means its two-letter language")
        XCTAssertEqual(BuildOptions().language, "en")
        kiwix.archive = URL(fileURLWithPath: "/tmp/cities.zim")
        XCTAssertNoThrow(try kiwix.validate())
        var embed = kiwix
        embed.map = .embed
        XCTAssertThrowsError(try embed.validate()) { error in
            XCTAssertEqual("\(error)", "map must be locator or none for a .zim: embed loads OpenStreetMap's viewer from another host")
        }
        var markdown = kiwix
        markdown.formats = [.html, .markdown]
        XCTAssertThrowsError(try markdown.validate()) { error in XCTAssertEqual("\(error)", "formats must be html alone for a .zim (Kiwix shows HTML)") }
        var inside = kiwix
        inside.archive = URL(fileURLWithPath: "/tmp/Output/cities.zim")
        inside.output = URL(fileURLWithPath: "/tmp/Output")
        XCTAssertThrowsError(try inside.validate()) { error in XCTAssertEqual("\(error)", "--archive must not be inside the output folder /tmp/Output") }
        XCTAssertEqual(try SiteConfig(yaml: "language: eng").language, "en")
        XCTAssertEqual(try SiteConfig(yaml: "language: pt-br").language, "pt-BR")
        XCTAssertThrowsError(try SiteConfig(yaml: "language: english!")) { error in
            XCTAssertEqual("\(error)", "citygen.yml: language: must be a language code (BCP 47: en, es, pt-BR), not \"english!\"")
        }
    }

    func testEmptyFileIsAnEmptyConfig() throws {
        XCTAssertEqual(try SiteConfig(yaml: ""), SiteConfig())
        XCTAssertEqual(try SiteConfig(yaml: "# only a comment\n"), SiteConfig())
    }

    private func error(_ yaml: String) -> CityGenError? {
        do {
            _ = try SiteConfig(yaml: yaml)
            return nil
        } catch {
            XCTAssertEqual((error as? CityGenError)?.exitStatus, .badData)
            return error as? CityGenError
        }
    }

    func testTyposAndWrongTypesAreErrorsThatNameTheKey() {
        let keys = "known keys: source, output, title, baseURL, pageSize, formats, host, precompress, templates, favorites, map, language, languages, strings, places, groupings"
        XCTAssertEqual(error("pagesize: 10"), .invalidConfig(file: "citygen.yml", item: "pagesize", reason: "unknown key (did you mean pageSize?); \(keys)"))
        XCTAssertEqual(
            error("pagesize: 10")?.description, "citygen.yml: pagesize: unknown key (did you mean pageSize?); \(keys)")
        XCTAssertEqual(error("favourites: [1]"), .invalidConfig(file: "citygen.yml", item: "favourites", reason: "unknown key; \(keys)"))
        XCTAssertEqual(error("pageSize: ten"), .invalidConfig(file: "citygen.yml", item: "pageSize", reason: "must be a whole number"))
        XCTAssertEqual(error("title: [a]"), .invalidConfig(file: "citygen.yml", item: "title", reason: "must be a string, or a map from a language code to a string"))
        XCTAssertEqual(error("title: {es: [a]}"), .invalidConfig(file: "citygen.yml", item: "title.es", reason: "must be a string"))
        XCTAssertEqual(
            error("formats: [html, pdf]"), .invalidConfig(file: "citygen.yml", item: "formats", reason: "unknown format \"pdf\" (use html and/or markdown)"))
        XCTAssertEqual(
            error("map: sideways"), .invalidConfig(file: "citygen.yml", item: "map", reason: "must be one of locator, embed, none, not \"sideways\""))
        XCTAssertEqual(error("map: [embed]"), .invalidConfig(file: "citygen.yml", item: "map", reason: "must be a string"))
        XCTAssertEqual(try SiteConfig(yaml: "map: none").map, MapMode.none)
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "map: embed"), folder: URL(fileURLWithPath: "/")).map, .embed)
        XCTAssertEqual(BuildOptions().map, .locator)
        XCTAssertThrowsError(try MapMode.parse("Embed", item: "--map")) { error in
            XCTAssertEqual((error as? CityGenError)?.exitStatus, .usage)
            XCTAssertEqual("\(error)", "--map must be one of locator, embed, none, not \"Embed\"")
        }
        XCTAssertEqual(
            error("favorites: 707860"), .invalidConfig(file: "citygen.yml", item: "favorites", reason: "must be a list of city ids or \"Name, CC\" strings"))
        XCTAssertEqual(
            error("favorites: [1, {a: b}]"),
            .invalidConfig(file: "citygen.yml", item: "favorites item 2", reason: "neither a city id nor a \"Name, CC\" string"))
        XCTAssertEqual(
            error("- just\n- a list"),
            .invalidConfig(file: "citygen.yml", item: nil, reason: "expected a mapping of keys (source, output, title, baseURL, pageSize, formats, host, precompress, templates, favorites, map, language, languages, strings, places, groupings)"))
        // Keys that are not text made Yams trap (found by fuzzing, Fuzz/config/non-text-key): now an error with the line.
        XCTAssertEqual(error("[0o]:"), .invalidConfig(file: "citygen.yml", item: nil, reason: "line 1: a key must be text"))
        XCTAssertEqual(error("title: x\nfavorites:\n  - {[1]: 2}"), .invalidConfig(file: "citygen.yml", item: nil, reason: "line 3: a key must be text"))
        // A base-60 integer too large for Yams' conversion, which traps (found by fuzzing), anywhere in the file.
        for (yaml, line) in [("1:1:1:1:1:1:11:1:1:1:1:11:1", 1), ("pageSize: 1:1:1:1:1:1:11:1:1:1:1:11:1", 1), ("title: x\n1:1:1:1:1:1:11:1:1:1:1:11:1: y", 2)] {
            XCTAssertEqual(
                error(yaml), .invalidConfig(file: "citygen.yml", item: nil, reason: "line \(line): 1:1:1:1:1:1:11:1:1:1:1:11:1 is a base-60 number in YAML 1.1; quote it"), yaml)
        }
        XCTAssertEqual(try SiteConfig(yaml: "title: \"1:1:1:1:1:1:11:1:1:1:1:11:1\"").title, "1:1:1:1:1:1:11:1:1:1:1:11:1", "quoted, it is text")
        guard case .invalidConfig(_, nil, let reason)? = error("title: [unclosed") else { return XCTFail() }
        XCTAssertTrue(reason.hasPrefix("not valid YAML:"), reason)
    }

    /// Ranges are checked once, by `BuildOptions.validate`, whether the value came from the config or a flag.
    func testOptionsOutOfRangeAreUsageErrors() throws {
        var options = try BuildOptions(config: SiteConfig(yaml: "pageSize: 0"), folder: URL(fileURLWithPath: "/"))
        XCTAssertThrowsError(try options.validate()) { error in
            XCTAssertEqual(error as? CityGenError, .invalidOption(name: "page size", reason: "must be at least 1, not 0"))
            XCTAssertEqual((error as? CityGenError)?.exitStatus, .usage)
        }
        options.pageSize = 1
        options.shardSize = 1023
        XCTAssertThrowsError(try options.validate()) { error in
            XCTAssertEqual(error as? CityGenError, .invalidOption(name: "shard size", reason: "must be at least 1024 bytes, not 1023"))
        }
        options.shardSize = 1024
        XCTAssertNoThrow(try options.validate())
    }

    /// `places:` is none or names the three GeoNames files; `--places` names the table, the others beside it unless
    /// the file names them.
    func testPlacesFromTheFileAndTheFlag() throws {
        let folder = URL(fileURLWithPath: "/site")
        func places(_ yaml: String?, flag: String? = nil) throws -> PlacesSource {
            var flags = BuildOptions.Flags()
            flags.places = flag
            return try BuildOptions(config: yaml.map { try SiteConfig(yaml: $0) }, folder: folder, flags: flags).places
        }
        let dump = "https://download.geonames.org/export/dump/"
        XCTAssertEqual(try places(nil), .geoNames(
            cities: .remote(URL(string: dump + "cities500.zip")!), admin1: .remote(URL(string: dump + "admin1CodesASCII.txt")!),
            countries: .remote(URL(string: dump + "countryInfo.txt")!)))
        XCTAssertEqual(try places("places: none"), PlacesSource.none)
        XCTAssertEqual(try SiteConfig(yaml: "places: none").places, PlacesSource.none)
        XCTAssertNil(try SiteConfig(yaml: "title: x").places)

        let three = "places:\n  cities: geo/cities15000.txt\n  admin1: https://example.org/a1.txt\n  countries: /data/countries.txt"
        XCTAssertEqual(try places(three), .geoNames(
            cities: .file("/site/geo/cities15000.txt"), admin1: .remote(URL(string: "https://example.org/a1.txt")!),
            countries: .file("/data/countries.txt")))

        XCTAssertEqual(try places(nil, flag: "data/allCountries.zip"), .geoNames(
            cities: .file("data/allCountries.zip"), admin1: .file("data/admin1CodesASCII.txt"), countries: .file("data/countryInfo.txt")))
        XCTAssertEqual(try places(nil, flag: "cities1000.txt"), PlacesSource(table: .file("cities1000.txt")))
        XCTAssertEqual(try places("places: none", flag: "https://example.org/geo/cities5000.zip"), .geoNames(
            cities: .remote(URL(string: "https://example.org/geo/cities5000.zip")!),
            admin1: .remote(URL(string: "https://example.org/geo/admin1CodesASCII.txt")!),
            countries: .remote(URL(string: "https://example.org/geo/countryInfo.txt")!)))
        XCTAssertEqual(try places(three, flag: "mine.txt"), .geoNames(
            cities: .file("mine.txt"), admin1: .remote(URL(string: "https://example.org/a1.txt")!), countries: .file("/data/countries.txt")),
            "the flag replaces the table and keeps the files the config names")
        XCTAssertEqual(try places(three, flag: "none"), PlacesSource.none)

        // A file the mapping does not name is beside its table, as with the flag; a string is what the flag takes.
        XCTAssertEqual(try places("places: {cities: geo/cities15000.txt}"), PlacesSource(table: .file("/site/geo/cities15000.txt")))
        XCTAssertEqual(try places("places: geo/cities15000.txt"), PlacesSource(table: .file("/site/geo/cities15000.txt")))
        XCTAssertEqual(try places("places: https://example.org/geo/cities5000.zip"), try places(nil, flag: "https://example.org/geo/cities5000.zip"))
        XCTAssertEqual(try places("places: {cities: geo/c.txt, admin1: a1.txt}"), .geoNames(
            cities: .file("/site/geo/c.txt"), admin1: .file("/site/a1.txt"), countries: .file("/site/geo/countryInfo.txt")))
        XCTAssertEqual(try places("places: {cities: geo/c.txt, admin1: a1.txt}", flag: "mine/t.txt"), .geoNames(
            cities: .file("mine/t.txt"), admin1: .file("/site/a1.txt"), countries: .file("mine/countryInfo.txt")),
            "the flag's table keeps the admin-1 file the config names, and finds the one it does not name beside itself")
        XCTAssertEqual(try places("places: {names: n/alternateNamesV2.zip}"), PlacesSource.default, "no table named: GeoNames' own")
        XCTAssertEqual(try SiteConfig(yaml: "places: {names: n/alternateNamesV2.zip}").placeNames, .file("n/alternateNamesV2.zip"))
    }

    func testBadPlacesNameTheKey() {
        let places = "must be none, an http(s) URL or a path of a file, or {cities: …, admin1: …, countries: …, names: …}, each an http(s) URL or a path of a file"
        XCTAssertEqual(error("places: ftp://x.org/a.zip"), .invalidConfig(file: "citygen.yml", item: "places", reason: "\(places); not a URL of ftp (\"ftp://x.org/a.zip\")"))
        XCTAssertEqual(error("places: [a, b, c]"), .invalidConfig(file: "citygen.yml", item: "places", reason: places))
        XCTAssertEqual(
            error("places: {cities: a.txt, admin1: b.txt, countries: c.txt, alternate: d.txt}"),
            .invalidConfig(file: "citygen.yml", item: "places.alternate", reason: "unknown key; known keys: cities, admin1, countries, names"))
        XCTAssertEqual(
            error("places: {cities: ftp://example.org/c.zip, admin1: b.txt, countries: c.txt}"),
            .invalidConfig(
                file: "citygen.yml", item: "places.cities",
                reason: "must be an http(s) URL or a path of a file, not a URL of ftp (\"ftp://example.org/c.zip\")"))
        XCTAssertEqual(
            error("places: {cities: a.txt, admin1: 5, countries: c.txt}"),
            .invalidConfig(file: "citygen.yml", item: "places.admin1", reason: "must be an http(s) URL or a path of a file"))
        XCTAssertEqual(error("places: {cities: a.txt, admin1: b.txt, countries: ''}")?.description,
            "citygen.yml: places.countries: must be an http(s) URL or a path of a file, not empty")

        for (flag, reason) in [
            ("", "not empty"), ("file:///data/cities500.txt", "not a URL of file (\"file:///data/cities500.txt\")"),
            ("https://download.geonames.org/export/dump/", "not a folder (\"https://download.geonames.org/export/dump/\")"),
        ] {
            XCTAssertThrowsError(try PlacesSource.parse(flag: flag, configured: nil), flag) { error in
                XCTAssertEqual(error as? CityGenError, .invalidOption(name: "--places", reason: "must be none or an http(s) URL or a path of a file, \(reason)"))
                XCTAssertEqual((error as? CityGenError)?.exitStatus, .usage)
            }
        }
    }

    func testBaseURLMustBeAbsolute() {
        XCTAssertThrowsError(try BuildOptions.parseBaseURL("example.org"))
        XCTAssertThrowsError(try BuildOptions.parseBaseURL("ftp://example.org"))
        XCTAssertEqual(try BuildOptions.parseBaseURL("https://example.org").absoluteString, "https://example.org/")
    }
}

final class FavoriteResolverTests: XCTestCase {
    let catalog = Fixtures.catalog([
        (1, "Córdoba", "AR", -31.4, -64.2), (2, "Cordoba", "ES", 37.9, -4.8), (3, "Córdoba", "AR", -29.0, -60.0),
        (4, "Hurzuf", "UA", 44.5, 34.3), (5, "Nowhere", "", 0, 0),
    ])

    private func labels(_ references: [FavoriteReference]) throws -> [String] {
        try FavoriteResolver.resolve(references, in: catalog).sorted().map { catalog.cities[$0].label }
    }

    func testIdsAndNames() throws {
        XCTAssertEqual(try labels([.id(4)]), ["Hurzuf, UA"])
        XCTAssertEqual(try labels([.name("cordoba, es"), .name("HURZUF, ua"), .name("Nowhere")]), ["Cordoba, ES", "Hurzuf, UA", "Nowhere"])
        XCTAssertEqual(try labels([.name("Nowhere, ")]), ["Nowhere"])
        XCTAssertEqual(try labels([.id(4), .name("Hurzuf, UA")]), ["Hurzuf, UA"])  // the same city twice is one favorite
    }

    func testBadItemsAreNamedWithCandidates() {
        XCTAssertThrowsError(try labels([.id(99), .name("Córdoba, AR"), .name("Atlantis, XX"), .name("Cordoba")])) { error in
            guard case .unresolvedFavorites(let problems)? = error as? CityGenError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.count, 4)
            XCTAssertEqual("\(error)", """
                favorite 99: no city has this id
                favorite "Córdoba, AR" matches 2 cities; use one of their ids: 1 (Córdoba, AR at -31.4000,\u{A0}-64.2000), 3 (Córdoba, AR at -29.0000,\u{A0}-60.0000)
                favorite "Atlantis, XX": no city matches (write "Name, CC" or use the id)
                favorite "Cordoba" matches 3 cities; use one of their ids: 1 (Córdoba, AR at -31.4000,\u{A0}-64.2000), 3 (Córdoba, AR at -29.0000,\u{A0}-60.0000), 2 (Cordoba, ES at 37.9000,\u{A0}-4.8000)
                """)
        }
    }

    /// GitHub Pages writes no OpenStreetMap viewer link (its bytes would pass the 1 GB), unless the file says `map:`;
    /// a host on the command line chooses over the file, as for Kiwix.
    func testGitHubPagesLeavesOutTheViewersLinkUnlessTheFileAsksForIt() throws {
        let folder = FileManager.default.temporaryDirectory
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: github-pages"), folder: folder).map, MapMode.none)
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: github-pages\nmap: locator"), folder: folder).map, .locator)
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: netlify"), folder: folder).map, .locator)
        var flags = BuildOptions.Flags()
        flags.host = "github-pages"
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "map: embed"), folder: folder, flags: flags).map, MapMode.none)
        flags.map = "locator"
        XCTAssertEqual(try BuildOptions(config: nil, folder: folder, flags: flags).map, .locator, "--map wins over --host")
    }

    /// `groupings:` chooses the grouping pages (SPEC §6): a list of known names, `[]` for none.
    func testGroupingsAreAListOfKnownNames() throws {
        XCTAssertEqual(try SiteConfig(yaml: "groupings: [country, timeZone]").groupings, ["country", "timeZone"])
        XCTAssertEqual(try SiteConfig(yaml: "groupings: []").groupings, [])
        XCTAssertNil(try SiteConfig(yaml: "title: x").groupings)
        let folder = FileManager.default.temporaryDirectory
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "groupings: [region]"), folder: folder).shape.groupings, ["region"])
        // A host whose limits the zone pages would pass leaves them out, unless the file names the groupings.
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: github-pages"), folder: folder).shape.groupings, ["country", "region"])
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "host: cloudflare-pages\ngroupings: [timeZone]"), folder: folder).shape.groupings, ["timeZone"])
        var flags = BuildOptions.Flags()
        flags.host = "gitlab-pages"
        XCTAssertEqual(try BuildOptions(config: SiteConfig(yaml: "groupings: [country]"), folder: folder, flags: flags).shape.groupings, ["country"])
        XCTAssertEqual(try BuildOptions(config: nil, folder: folder, flags: flags).shape.groupings, ["country", "region"])
        XCTAssertNil(try BuildOptions(config: SiteConfig(yaml: "host: netlify"), folder: folder).shape.groupings)
        for (yaml, reason) in [
            ("groupings: [country, zone]", #"unknown grouping "zone" (choose among country, region, timeZone)"#),
            ("groupings: country", "must be a list of country, region, timeZone ([] for none)"),
        ] {
            XCTAssertThrowsError(try SiteConfig(yaml: yaml)) { error in
                XCTAssertEqual(error as? CityGenError, .invalidConfig(file: "citygen.yml", item: "groupings", reason: reason), yaml)
                XCTAssertEqual((error as? CityGenError)?.exitStatus, .badData, yaml)
            }
        }
    }
}
