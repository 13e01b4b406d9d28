import Foundation
import XCTest

/// The proof that HTML pages written from compiled shapes are what cmark makes of each page's Markdown, on the full
/// data: a build with `CITYGEN_CHECK_SHAPES` renders every such page through cmark too and fails on the first page
/// that differs. The English, Spanish, Russian and Arabic builds of the other tests run with it (`checkedBuild`);
/// this one with a user's templates that put values where cmark reads them otherwise.
final class ShapeProofTests: FolderTestCase {
    /// `CITYGEN_CHECK_SHAPES` for a build's environment.
    static let checking = ["CITYGEN_CHECK_SHAPES": "1"]

    /// Asserts from a build's `--report json` that every HTML page written from a shape was checked against cmark,
    /// that the HTML pages counted are the `.html` files of `output`, and that nearly all came from shapes.
    static func assertCheckedAgainstCmark(_ report: [String: Any], output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertCheckedAgainstCmark(report, output: output, fromShapesAtLeast: 0.99, file: file, line: line)
    }

    static func assertCheckedAgainstCmark(
        _ report: [String: Any], output: URL, fromShapesAtLeast share: Double, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let pages = try XCTUnwrap(report["htmlPages"] as? [String: Int], "\(report)", file: file, line: line)
        let fromShapes = try XCTUnwrap(pages["fromShapes"]), throughCmark = try XCTUnwrap(pages["throughCmark"])
        XCTAssertEqual(pages["checked"], fromShapes, "every page from a shape checked", file: file, line: line)
        let files = try CommandRunner.shell("find '\(output.path)' -name '*.html' | wc -l", in: output.deletingLastPathComponent())
        // The room check renders a sample of pages before the build writes them: a few more renders than files.
        let written = try XCTUnwrap(Int(files.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue((written...(written + written / 100)).contains(fromShapes + throughCmark), "\(pages) for \(written) HTML files", file: file, line: line)
        XCTAssertGreaterThanOrEqual(Double(fromShapes), share * Double(fromShapes + throughCmark), "\(pages)", file: file, line: line)
    }

    /// A user's city and list templates with values in headings, emphasis, block quotes, nested lists, tables
    /// and attributes of each quoting: each page is cmark's, and most come from shapes.
    func testAUsersTemplatesOnTheFullDataAreWhatCmarkMakes() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let defaults = repository.appendingPathComponent("Sources/CityGenKit/Resources/Templates")
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        var city = try String(contentsOf: defaults.appendingPathComponent("city.md.mustache"), encoding: .utf8)
        city = city.replacingOccurrences(of: "# {{label}}", with: "## *{{label}}*_{{country}}_ **{{countryName}}**\n\n> {{name}} {{{id}}}. {{{coordinates}}}\n>\n> 1. {{name}}\n\n| {{name}} | {{{dms}}} |\n\n<p title='{{{html(name)}}}' data-id={{{id}}}>{{{html(label)}}}</p>")
        try city.write(to: templates.appendingPathComponent("city.md.mustache"), atomically: true, encoding: .utf8)
        var list = try String(contentsOf: defaults.appendingPathComponent("list.md.mustache"), encoding: .utf8)
        list = list.replacingOccurrences(of: "# {{heading}}", with: "{{heading}}\n===\n\n* [{{heading}}][]\n  - __{{heading}}__")
        try list.write(to: templates.appendingPathComponent("list.md.mustache"), atomically: true, encoding: .utf8)
        try "templates: templates\nformats: [html]\nplaces: none\n".write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["build", "--source", CommandRunner.snapshot.path, "--report", "json"], in: folder, environment: Self.checking)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        try Self.assertCheckedAgainstCmark(report, output: folder.appendingPathComponent("Output"))
        let london = try String(contentsOf: folder.appendingPathComponent("Output/city/743/2643743.html"), encoding: .utf8)
        XCTAssertTrue(london.contains("<h2><em>London, GB</em><em>GB</em> <strong>United Kingdom</strong></h2>"), london)
        XCTAssertTrue(london.contains("<blockquote>\n<p>London 2643743. "), london)
    }
}
