import Foundation
import XCTest

@testable import CityGenKit

/// `serve --watch`'s site in memory: every file the build writes, with the same bytes, and nothing else; a strings
/// or template edit read again without planning gives the site a new plan would.
final class SiteInMemoryTests: SiteTestCase {
    let cities = LanguageSiteTests.cities + [(id: 7, name: "Nowhere", country: "", lat: 1.0, lon: 1.0)]

    func options(_ configure: (inout BuildOptions) -> Void = { _ in }) throws -> BuildOptions {
        let source = folder.appendingPathComponent("cities.json")
        try Fixtures.json(cities).write(to: source)
        var options = BuildOptions()
        options.source = .file(source.path)
        options.output = folder.appendingPathComponent("site")
        options.pageSize = 2
        options.places = .none
        configure(&options)
        return options
    }

    /// Every path of `site` with its bytes.
    func files(_ site: SiteInMemory) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: site.paths.map { ($0, site.file(at: $0)!) })
    }

    func testEveryFileIsTheBuildsAndNoOther() async throws {
        let options = try options { $0.languages = ["es", "en"]; $0.precompress = [.gzip] }
        _ = try await BuildService(options: options).run()
        let site = try await BuildService(options: options).planInMemory()
        let built = try snapshot().filter { !$0.key.hasPrefix(SiteLayout.bookkeepingPrefix) }
        let originals = built.keys.filter { !$0.hasSuffix(".gz") }
        XCTAssertEqual(Set(site.paths), Set(originals))
        XCTAssertTrue(site.paths.contains("en/country/index.html") && site.paths.contains("map/world.png"))
        for (path, (bytes, _)) in built { XCTAssertEqual(site.file(at: path).map { Data($0) }, bytes, path) }
        for path in ["", "/", "nothing.html", "city", "en/", "index.html.br", "map/world.png.gz", "index.md.gz"] {
            XCTAssertNil(site.file(at: path), "\(path): no such file")
        }
    }

    func testAStringsOrTemplateEditReadAgainGivesTheSiteANewPlanGives() async throws {
        let strings = folder.appendingPathComponent("es.yml"), templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "city.population: Población\ncountry.none: Sin país\n".write(to: strings, atomically: true, encoding: .utf8)
        let options = try options {
            $0.languages = ["es", "en"]
            $0.strings = ["es": strings]
            $0.templates = templates
        }
        let before = try await BuildService(options: options).planInMemory()
        XCTAssertTrue(String(decoding: before.file(at: "country/index.md")!, as: UTF8.self).contains("Sin país"))

        // "Zz" sorts the cities without a country last among the countries instead of first.
        try "city.population: Habitantes\ncountry.none: Zz ninguno\n".write(to: strings, atomically: true, encoding: .utf8)
        try "{{name}} ({{t.city.population}})\n".write(to: templates.appendingPathComponent("city.md.mustache"), atomically: true, encoding: .utf8)
        let reread = try BuildService(options: options).reloadingWordsAndTemplates(of: before)
        let planned = try await BuildService(options: options).planInMemory()
        let (got, want) = (files(reread), files(planned))
        XCTAssertEqual(Set(got.keys), Set(want.keys))
        for (path, bytes) in want { XCTAssertEqual(got[path], bytes, path) }
        XCTAssertTrue(String(decoding: reread.file(at: "country/index.md")!, as: UTF8.self).contains("Zz ninguno"))
        XCTAssertTrue(String(decoding: reread.file(at: "city/743/2643743.md")!, as: UTF8.self).hasPrefix("London (Habitantes)\n"))
        XCTAssertNotEqual(files(before)["country/index.md"], got["country/index.md"])

        // A template alone: the same again.
        try "{{name}}!\n".write(to: templates.appendingPathComponent("city.md.mustache"), atomically: true, encoding: .utf8)
        let retemplated = try BuildService(options: options).reloadingWordsAndTemplates(of: reread)
        let replanned = try await BuildService(options: options).planInMemory()
        XCTAssertEqual(files(retemplated), files(replanned))
        XCTAssertTrue(String(decoding: retemplated.file(at: "en/city/743/2643743.md")!, as: UTF8.self).hasPrefix("London!\n"))
    }

    /// A strings file read again warns of the words it lacks, as the plan does.
    func testAStringsFileReadAgainWarnsOfTheWordsItLacks() async throws {
        let strings = folder.appendingPathComponent("eo.yml")
        try "city.population: Loĝantaro\n".write(to: strings, atomically: true, encoding: .utf8)
        let options = try options {
            $0.languages = ["eo"]
            $0.strings = ["eo": strings]
        }
        let lines = Locked<[String]>([])
        let service = BuildService(options: options, log: { line in lines.withLock { $0.append(line) } })
        let site = try await service.planInMemory()
        let planned = lines.withLock { $0.filter { $0.contains("the strings of eo lack") } }
        XCTAssertEqual(planned.count, 1, "\(lines.withLock { $0 })")
        lines.withLock { $0 = [] }
        try "city.population: Loĝantoj\n".write(to: strings, atomically: true, encoding: .utf8)
        _ = try service.reloadingWordsAndTemplates(of: site)
        XCTAssertEqual(lines.withLock { $0.filter { $0.contains("the strings of eo lack") } }, planned)
    }
}
