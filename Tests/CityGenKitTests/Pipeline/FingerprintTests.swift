import Foundation
import XCTest

@testable import CityGenKit

/// The fingerprint hashes every option that shapes the output, and nothing else.
final class FingerprintTests: XCTestCase {
    /// One change of each field of `BuildOptions.Shape`, by the field's name.
    private let changes: [String: (inout BuildOptions.Shape) -> Void] = [
        "title": { $0.title = "Other" },
        "pageSize": { $0.pageSize = 7 },
        "formats": { $0.formats = [.html] },
        "baseURL": { $0.baseURL = URL(string: "https://example.org/") },
        "shardSize": { $0.shardSize = 4096 },
        "strict": { $0.strict = true },
        "cityFolders": { $0.cityFolders = .remainder(10) },
        "map": { $0.map = .embed },
        "precompress": { $0.precompress = [.gzip] },
        "languages": { $0.languages = ["es", "en"] },
        "titles": { $0.titles = ["es": "Ciudades"] },
        "places": { $0.places = .none },
        "groupings": { $0.groupings = ["country"] },
    ]

    private func basis(_ options: BuildOptions, _ templates: TemplateSet) -> String {
        BuildService(options: options).basis(of: "source", templates: [templates])
    }

    func testEveryShapingFieldChangesTheBasis() throws {
        let fields = Mirror(reflecting: BuildOptions.Shape()).children.compactMap(\.label).map {
            $0.hasPrefix("_") ? String($0.dropFirst()) : $0  // a property wrapper's storage
        }
        XCTAssertEqual(Set(fields), Set(changes.keys), "a field of BuildOptions.Shape needs a change in this test")
        let templates = try TemplateSet()
        let plain = basis(BuildOptions(), templates)
        XCTAssertEqual(plain, basis(BuildOptions(), templates), "the same options give the same basis")
        for (field, change) in changes {
            var options = BuildOptions()
            change(&options.shape)
            XCTAssertNotEqual(options.shape, BuildOptions().shape, field)
            XCTAssertNotEqual(basis(options, templates), plain, field)
        }
    }

    func testOptionsThatDoNotShapeTheOutputKeepTheBasis() throws {
        let templates = try TemplateSet()
        let plain = basis(BuildOptions(), templates)
        let others: [String: (inout BuildOptions) -> Void] = [
            "output": { $0.output = URL(fileURLWithPath: "/tmp/elsewhere") },
            "cache": { $0.loader.cache = SourceCache(folder: URL(fileURLWithPath: "/tmp/cache")) },
            "offline": { $0.loader.offline = true },
            "force": { $0.force = true },
            "waitForLock": { $0.waitForLock = true },
            "changes": { $0.changes = URL(fileURLWithPath: "/tmp/changes.txt") },
            "favorites": { $0.favorites = [.id(1)] },
        ]
        for (name, change) in others {
            var options = BuildOptions()
            change(&options)
            XCTAssertEqual(basis(options, templates), plain, name)
        }
    }

    /// Sets encode in the order of their cases, so equal options serialize alike in every process.
    func testTheSerializationIsCanonical() {
        var options = BuildOptions.Shape()
        options.formats = [.markdown, .html]
        XCTAssertTrue(options.canonicalJSON.contains(#""formats":["html","markdown"]"#), options.canonicalJSON)
        XCTAssertTrue(options.canonicalJSON.contains(#""cityFolders":"remainder(1000)""#), options.canonicalJSON)
        XCTAssertTrue(options.canonicalJSON.hasPrefix(#"{"cityFolders":"#), "keys in order: \(options.canonicalJSON)")
    }
}
