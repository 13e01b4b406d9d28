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

    func testEmptyFileIsAnEmptyConfig() throws {
        XCTAssertEqual(try SiteConfig(yaml: ""), SiteConfig())
        XCTAssertEqual(try SiteConfig(yaml: "# only a comment\n"), SiteConfig())
    }

    private func error(_ yaml: String) -> String {
        do {
            _ = try SiteConfig(yaml: yaml)
            return "no error"
        } catch {
            XCTAssertEqual((error as? CityGenFailure)?.exitCode, 65)
            return "\(error)"
        }
    }

    func testTyposAndWrongTypesAreErrorsThatNameTheKey() {
        XCTAssertEqual(error("pagesize: 10"),
            "citygen.yml: unknown key \"pagesize\" (did you mean pageSize?); known keys: source, output, title, baseURL, pageSize, formats, templates, favorites")
        XCTAssertTrue(error("favourites: [1]").hasPrefix("citygen.yml: unknown key \"favourites\";"))
        XCTAssertEqual(error("pageSize: 0"), "citygen.yml: pageSize must be a whole number of at least 1")
        XCTAssertEqual(error("pageSize: ten"), "citygen.yml: pageSize must be a whole number of at least 1")
        XCTAssertEqual(error("title: [a]"), "citygen.yml: title must be a string")
        XCTAssertEqual(error("formats: [html, pdf]"), "citygen.yml: unknown format \"pdf\" in formats (use html and/or markdown)")
        XCTAssertEqual(error("favorites: 707860"), "citygen.yml: favorites must be a list of city ids or \"Name, CC\" strings")
        XCTAssertEqual(error("favorites: [1, {a: b}]"),
            "citygen.yml: favorites item 2 is neither a city id nor a \"Name, CC\" string")
        XCTAssertEqual(error("- just\n- a list"), "citygen.yml: expected a mapping of keys (source, output, title, baseURL, pageSize, formats, templates, favorites)")
        XCTAssertTrue(error("title: [unclosed").hasPrefix("citygen.yml: not valid YAML:"), error("title: [unclosed"))
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
            XCTAssertEqual((error as? CityGenFailure)?.exitCode, 65)
            XCTAssertEqual("\(error)", """
                favorite 99: no city has this id
                favorite "Córdoba, AR" matches 2 cities; use one of their ids: 1 (Córdoba, AR at -31.4, -64.2), 3 (Córdoba, AR at -29, -60)
                favorite "Atlantis, XX": no city matches (write "Name, CC" or use the id)
                favorite "Cordoba" matches 3 cities; use one of their ids: 1 (Córdoba, AR at -31.4, -64.2), 3 (Córdoba, AR at -29, -60), 2 (Cordoba, ES at 37.9, -4.8)
                """)
        }
    }
}
