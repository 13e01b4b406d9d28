import Foundation
import XCTest

@testable import CityGenKit

/// The one merge: defaults, then `citygen.yml`, then the flags, with the rules that tie options together.
final class OptionsMergeTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/site")

    private func merged(_ yaml: String?, _ change: (inout BuildOptions.Flags) -> Void = { _ in }) throws -> BuildOptions {
        var flags = BuildOptions.Flags()
        change(&flags)
        return try BuildOptions(config: yaml.map { try SiteConfig(yaml: $0) }, folder: folder, flags: flags)
    }

    func testFlagsOverrideTheFileAndKeepItsPathsRelativeToIt() throws {
        let options = try merged("title: File\npageSize: 5\noutput: public\nsource: data.json\nfavorites: [2]") {
            $0.title = "Flag"
            $0.strict = true
            $0.loader.offline = true
        }
        XCTAssertEqual(options.title, "Flag")
        XCTAssertEqual(options.pageSize, 5)
        XCTAssertEqual(options.output.path, "/site/public")
        XCTAssertEqual(options.source, .file("/site/data.json"))
        XCTAssertEqual(options.favorites, [.id(2)])
        XCTAssertTrue(options.strict)
        XCTAssertTrue(options.loader.offline)
        let flagged = try merged("output: public") {
            $0.output = "elsewhere"
            $0.source = "cities.json"
        }
        XCTAssertEqual(flagged.output, URL(fileURLWithPath: "elsewhere"))
        XCTAssertEqual(flagged.source, .file("cities.json"), "a flag's path is as typed")
    }

    /// A `.zim` is for Kiwix whatever the file asks, unless the file names a host of its own.
    func testAZimArchiveImpliesKiwix() throws {
        let zim = try merged("map: embed\nprecompress: [gzip]") { $0.archive = "/tmp/cities.zim" }
        XCTAssertEqual(zim.host, .kiwix)
        XCTAssertEqual(zim.formats, [.html])
        XCTAssertEqual(zim.precompress, [])
        XCTAssertEqual(zim.map, .locator)
        XCTAssertNoThrow(try zim.validate())
        XCTAssertEqual(try merged("host: netlify") { $0.archive = "/tmp/cities.zim" }.host, .netlify)
        XCTAssertNil(try merged(nil) { $0.archive = "/tmp/cities.tar" }.host)
        XCTAssertThrowsError(try merged(nil) {
            $0.archive = "/tmp/cities.zim"
            $0.map = "embed"
        }.validate()) { error in
            XCTAssertEqual("\(error)", "map must be locator or none for a .zim: embed loads OpenStreetMap's viewer from another host")
        }
    }

    /// The file's host chooses under the file's values; `--host` over them, but for the formats the file names.
    func testAHostFlagChoosesOverTheFileButForItsFormats() throws {
        let file = try merged("host: gitlab-pages\nprecompress: [br]\nformats: [markdown]")
        XCTAssertEqual(file.precompress, [.br])
        XCTAssertEqual(file.cityFolders, .compact)
        let flag = try merged("precompress: [br]\nformats: [markdown]") { $0.host = "gitlab-pages" }
        XCTAssertEqual(flag.host, .gitlabPages)
        XCTAssertEqual(flag.precompress, [.gzip])
        XCTAssertEqual(flag.formats, [.markdown])
        XCTAssertEqual(try merged("host: gitlab-pages") { $0.host = "github-pages" }.cityFolders, .remainder(1000))
        XCTAssertEqual(try merged("host: gitlab-pages") { $0.precompress = "none" }.precompress, [])
    }

    func testBadFlagsAreUsageErrorsAndABadBaseURLIsAConfigError() {
        let cases: [(String, ExitStatus, (inout BuildOptions.Flags) -> Void)] = [
            ("--host unknown host \"vercel\"", .usage, { $0.host = "vercel" }),
            ("--precompress unknown encoding \"zstd\"", .usage, { $0.precompress = "zstd" }),
            ("--map must be one of locator, embed, none, not \"x\"", .usage, { $0.map = "x" }),
            ("baseURL \"example.org\" is not an absolute http(s) URL", .badData, { $0.baseURL = "example.org" }),
        ]
        for (message, status, change) in cases {
            XCTAssertThrowsError(try merged(nil, change)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
                XCTAssertEqual((error as? CityGenError)?.exitStatus, status, message)
            }
        }
    }
}
