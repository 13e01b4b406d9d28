import CityGenTestSupport
import Foundation
import XCTest

@testable import CityGenKit

/// A site in several languages (SPEC §5 "Language", §6 `languages`): the first at the root and each other in its
/// folder, maps and assets written once, every page linking its translations, one sitemap, a search index a
/// language, and the bad lists of languages.
final class SeveralLanguagesTests: SiteTestCase {
    private var cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] { LanguageSiteTests.cities }

    /// A Spanish site with an English twin, from GeoNames files with GeoNames' own Spanish names.
    @discardableResult
    private func buildSpanishAndEnglish(configure: (inout BuildOptions) -> Void = { _ in }) async throws -> BuildReport {
        let names = try LanguageSiteTests.spanishNames()
        let places = try LanguageSiteTests.geoNames(names: names, in: folder)
        return try await build(Fixtures.json(cities), pageSize: 2) {
            $0.places = places
            $0.languages = ["es", "en"]
            $0.baseURL = URL(string: "https://example.org/cities/")
            $0.loader.cache = SourceCache(folder: self.folder.appendingPathComponent("cache"))
            configure(&$0)
        }
    }

    /// Every file of the built site, relative to it.
    private func files(_ output: String = "site") throws -> [String] {
        try snapshot(output).keys.filter { !$0.hasPrefix(".citygen") }.sorted()
    }

    func testTheFirstLanguageIsAtTheRootAndEachOtherInItsFolderWithItsOwnNamesAndOrder() async throws {
        try await buildSpanishAndEnglish()
        let names = try LanguageSiteTests.spanishNames()
        let spanish = try read("city/743/2643743.html"), english = try read("en/city/743/2643743.html")
        XCTAssertTrue(spanish.contains(#"<html lang="es">"#) && spanish.contains("<h1>\(names[2643743]!), GB</h1>"), spanish)
        XCTAssertTrue(english.contains(#"<html lang="en">"#) && english.contains("<h1>London, GB</h1>"), english)
        XCTAssertTrue(spanish.contains("Población") && english.contains("Population"))
        // Each language in the order of its own names (SPEC §3).
        func shown(_ path: String) throws -> [String] {
            try read(path).split(separator: "\n").filter { $0.hasPrefix("- [") }.map { String($0.dropFirst(3).prefix { $0 != "]" }) }
        }
        let folded = { (a: String, b: String) in Fold.fold(a).unicodeScalars.lexicographicallyPrecedes(Fold.fold(b).unicodeScalars) }
        XCTAssertEqual(try shown("list/1.md") + shown("list/2.md") + shown("list/3.md"),
            cities.map { (names[$0.id] ?? $0.name) + ", " + $0.country }.sorted(by: folded))
        XCTAssertEqual(try shown("en/list/1.md") + shown("en/list/2.md") + shown("en/list/3.md"),
            cities.map { $0.name + ", " + $0.country }.sorted(by: folded))
        // The files every language shares are written once, at the root, and the other language's pages use them.
        let all = try files()
        XCTAssertTrue(all.contains("map/world.png") && all.contains("assets/search.js") && all.contains("en/404.html"))
        XCTAssertEqual(all.filter { $0.hasPrefix("en/map/") || $0.hasPrefix("en/assets/") || $0.hasPrefix("en/sitemap") }, [])
        XCTAssertEqual(all.filter { $0.hasSuffix(".png") && !$0.hasPrefix("map/") && !$0.hasPrefix("assets/") }, [], "no image is written twice")
        XCTAssertTrue(english.contains(#"<img src="../../../map/GB.png""#), english)
        XCTAssertTrue(english.contains(#"<link rel="stylesheet" href="../../../assets/style.css">"#))
        // One script for both, with the words of both.
        let script = try read("assets/search.js")
        XCTAssertTrue(script.hasPrefix("window.citygenWords = {\"es\":{") && script.contains("\"en\":{"))
    }

    func testEveryPageLinksItsTranslationsAndEachLinkIsTheSamePageInTheOtherLanguage() async throws {
        try await buildSpanishAndEnglish()
        let root = folder.appendingPathComponent("site")
        let pages = try files().filter { $0.hasSuffix(".html") || $0.hasSuffix(".md") }
        XCTAssertGreaterThan(pages.count, 40)
        for page in pages where page != "404.html" && page != "en/404.html" {
            let text = try read(page)
            let twin = page.hasPrefix("en/") ? String(page.dropFirst(3)) : "en/" + page
            let folder = (page as NSString).deletingLastPathComponent
            let resolve = { (href: String) in root.appendingPathComponent(folder).appendingPathComponent(href).standardized.path }
            if page.hasSuffix(".html") {
                // The head's alternates: absolute, with the base URL; the first language's as x-default.
                for (lang, path) in [("es", page.hasPrefix("en/") ? twin : page), ("en", page.hasPrefix("en/") ? page : twin)] {
                    XCTAssertTrue(text.contains(#"<link rel="alternate" hreflang="\#(lang)" href="https://example.org/cities/\#(path)">"#), "\(page): \(lang)")
                }
                XCTAssertTrue(text.contains(#"hreflang="x-default" href="https://example.org/cities/\#(page.hasPrefix("en/") ? twin : page)""#), page)
                // The switcher: the other language by a relative link to its twin, this one marked as the current one.
                let link = try XCTUnwrap(text.firstMatch(of: /<nav id="languages"[^>]*>.*?<a href="([^"]+)"/)?.1, page)
                XCTAssertEqual(resolve(String(link)), root.appendingPathComponent(twin).path, page)
                XCTAssertTrue(text.contains(#"aria-current="page">\#(page.hasPrefix("en/") ? "English" : "Español")</span>"#), page)
            } else {
                let line = try XCTUnwrap(text.split(separator: "\n").last, page)
                XCTAssertTrue(line.hasPrefix(page.hasPrefix("en/") ? "Languages: " : "Idiomas: "), "\(page): \(line)")
                let link = try XCTUnwrap(line.firstMatch(of: /\]\(([^)]+)\)/)?.1, page)
                XCTAssertEqual(resolve(String(link)), root.appendingPathComponent(twin).path, page)
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(twin).path), twin)
        }
        // The 404 pages link absolutely, as they are served at any path.
        XCTAssertTrue(try read("en/404.html").contains(#"<a href="https://example.org/cities/404.html" hreflang="es""#))
        XCTAssertEqual(try LinkChecker(root: root).check().broken.map(\.description), [])
    }

    func testOneSitemapListsEveryLanguagesURLsWithTheirAlternates() async throws {
        try await buildSpanishAndEnglish()
        let index = try read("sitemap.xml")
        XCTAssertTrue(index.contains("<loc>https://example.org/cities/sitemap-1.xml</loc>"), index)
        let sitemap = try read("sitemap-1.xml")
        XCTAssertTrue(sitemap.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
        let urls = sitemap.matches(of: /<loc>https:\/\/example\.org\/cities\/([^<]+)<\/loc>/).map { String($0.1) }
        let htmlPages = try files().filter { $0.hasSuffix(".html") && !$0.hasSuffix("404.html") }
        XCTAssertEqual(Set(urls), Set(htmlPages), "every page of both languages, once")
        XCTAssertEqual(urls.count, htmlPages.count)
        for url in urls where url.hasPrefix("en/") {
            XCTAssertTrue(sitemap.contains(#"<url><loc>https://example.org/cities/\#(url)</loc><xhtml:link rel="alternate" hreflang="es" href="https://example.org/cities/\#(url.dropFirst(3))"/>"#), url)
        }
        XCTAssertFalse(try files().contains("en/robots.txt"))
    }

    func testEachLanguageIsSearchedInItsOwnFolderByItsOwnNames() async throws {
        try await buildSpanishAndEnglish()
        let names = try LanguageSiteTests.spanishNames()
        let spanish = try SearchIndex(site: folder.appendingPathComponent("site"))
        let english = try SearchIndex(site: folder.appendingPathComponent("site/en"))
        let rome = names[3169070]!
        XCTAssertNotEqual(rome, "Rome")
        XCTAssertEqual(try spanish.search(rome).map(\.id), [3169070])
        XCTAssertEqual(try english.search("rome").map(\.id), [3169070])
        XCTAssertEqual(try english.search(rome).first?.id, rome.lowercased().hasPrefix("rom") ? 3169070 : nil)
        XCTAssertEqual(try english.search("london").map(\.name), ["London"])
        XCTAssertEqual(try spanish.search("london").map(\.name), [names[2643743]!], "the source's name is an other name in Spanish")
    }

    func testAddingALanguageWritesItsFilesAndTheLinksAndANoOpRebuildWritesNothing() async throws {
        let names = try LanguageSiteTests.spanishNames()
        let places = try LanguageSiteTests.geoNames(names: names, in: folder)
        let data = Fixtures.json(cities)
        let source = folder.appendingPathComponent("cities.json")
        try data.write(to: source)
        func options(_ languages: [String]) -> BuildOptions {
            var options = BuildOptions()
            options.source = .file(source.path)
            options.output = folder.appendingPathComponent("site")
            options.pageSize = 2
            options.places = places
            options.languages = languages
            options.loader.cache = SourceCache(folder: folder.appendingPathComponent("cache"))
            return options
        }
        _ = try await BuildService(options: options(["es"])).run()
        let before = try snapshot()
        let report = try await BuildService(options: options(["es", "en"])).run()
        let after = try snapshot()
        let unchanged = before.filter { path, file in after[path].map { $0.0 == file.0 && $0.1 == file.1 } ?? false }.keys
        XCTAssertTrue(unchanged.contains("map/world.png") && unchanged.contains("map/GB.png"), "the maps are not written again")
        XCTAssertTrue(unchanged.contains("search/manifest.json"), "nor is the Spanish search index")
        XCTAssertFalse(unchanged.contains("index.html"), "pages gain the switcher")
        XCTAssertEqual(report.files.written, after.keys.filter { !unchanged.contains($0) && !$0.hasPrefix(".citygen") }.count)
        let again = try await BuildService(options: options(["es", "en"])).run()
        XCTAssertEqual(again.files.written, 0)
        XCTAssertEqual(try snapshot().mapValues(\.1), after.mapValues(\.1))
    }

    func testAZimOfASiteInSeveralLanguagesIsOneZimALanguage() async throws {
        let archive = folder.appendingPathComponent("cities.zim")
        try await buildSpanishAndEnglish {
            $0.archive = archive
            $0.use(.kiwix, keepingFormats: false)
            $0.baseURL = nil
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: archive.path))
        for code in ["es", "en"] {
            let zim = folder.appendingPathComponent("cities_\(code).zim")
            XCTAssertTrue(FileManager.default.fileExists(atPath: zim.path), zim.path)
            XCTAssertGreaterThan(try SiteInventory(archive: zim).files, 20)
        }
    }

    func testABadListOfLanguagesNamesWhatIsWrongAndWritesNothing() async throws {
        let cases: [(yaml: String, says: String)] = [
            ("languages: [es, en, es]", "lists es twice"),
            ("language: es\nlanguages: [es, en]", "two ways to say one thing"),
            ("languages: []", "must be a list of language codes"),
            ("languages: es", "must be a list of language codes"),
        ]
        for (yaml, says) in cases {
            XCTAssertThrowsError(try SiteConfig(yaml: yaml), yaml) { error in
                XCTAssertEqual((error as? CityGenError)?.exitCode, 65, yaml)
                XCTAssertTrue("\(error)".contains("languages") && "\(error)".contains(says), "\(yaml): \(error)")
            }
        }
        XCTAssertThrowsError(try BuildOptions(config: SiteConfig(yaml: "languages: [es, pl]"), folder: folder).validate()) { error in
            XCTAssertEqual((error as? CityGenError)?.exitCode, 65)
            XCTAssertTrue("\(error)".contains("languages") && "\(error)".contains("\"pl\" is a language with no words"), "\(error)")
        }
        // A language whose folder the site's own files fill (the maps, the index), found from the planned files.
        for code in ["map"] {
            let strings = folder.appendingPathComponent("\(code).yml")
            try "city.population: P\n".write(to: strings, atomically: true, encoding: .utf8)
            let config = try SiteConfig(yaml: "languages: [es, \(code)]\nstrings: {\(code): \(strings.path)}")
            var options = try BuildOptions(config: config, folder: folder)
            let source = folder.appendingPathComponent("cities.json")
            try Fixtures.json(cities).write(to: source)
            options.source = .file(source.path)
            options.output = folder.appendingPathComponent("refused")
            options.places = .none
            do {
                _ = try await BuildService(options: options).run()
                XCTFail("\(code): built")
            } catch {
                XCTAssertEqual((error as? CityGenError)?.exitCode, 65, "\(error)")
                XCTAssertTrue("\(error)".contains("languages: \(code) would put its pages in \(code)/, a folder of the site's own (\(code)/"), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: options.output.path), "nothing written")
        }
        let config = try SiteConfig(yaml: "languages: [es, en]\ntitle: {es: Ciudades, en: Cities}")
        XCTAssertEqual(config.languages, ["es", "en"])
        var flags = BuildOptions.Flags()
        flags.language = "en"
        let options = try BuildOptions(config: config, folder: folder, flags: flags)
        XCTAssertEqual(options.languages, ["en"], "--language builds one of them alone")
        XCTAssertEqual(options.shape.title(in: "en"), "Cities")
        XCTAssertEqual(try BuildOptions(config: config, folder: folder).shape.title(in: "es"), "Ciudades")
    }
}
