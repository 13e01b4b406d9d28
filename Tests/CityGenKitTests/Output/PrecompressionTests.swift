import CBrotli
import Foundation
import XCTest

@testable import CityGenKit

/// `--precompress`: `NAME.gz` and `NAME.br` beside each HTML, CSS, JS, JSON and XML file where smaller, each
/// decompressing to the file's bytes; part of the fingerprint; the same in archives.
final class PrecompressionTests: SiteTestCase {
    static let cities: [(id: Int, name: String, country: String, lat: Double, lon: Double)] = (1...30).map { n in
        let country = ["FR", "DE", "", "AU"][n % 4]
        return (id: n * 11, name: "Ville \(n) <b>&</b>", country: country, lat: Double(n) * 2.5, lon: Double(n) * -4)
    }

    /// `bytes` decompressed by libbrotlidec.
    func unbrotli(_ bytes: [UInt8]) throws -> [UInt8] {
        var size = 1 << 22
        var output = [UInt8](repeating: 0, count: size)
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { BrotliDecoderDecompress(input.count, input.baseAddress, &size, $0.baseAddress) }
        }
        XCTAssertEqual(result, BROTLI_DECODER_RESULT_SUCCESS)
        return Array(output[..<size])
    }

    func testEveryTextFileGetsItsSmallerCopiesThatDecompressToIt() async throws {
        try await build(Fixtures.json(Self.cities)) { $0.precompress = [.br, .gzip] }
        let files = try snapshot().mapValues(\.0)
        var checked = 0
        for (path, data) in files where !path.hasPrefix(".citygen") && !path.hasSuffix(".gz") && !path.hasSuffix(".br") {
            let bytes = [UInt8](data)
            guard ContentEncoding.applies(to: path) else {
                XCTAssertNil(files[path + ".gz"], path)
                XCTAssertNil(files[path + ".br"], path)
                continue
            }
            if let gzip = files[path + ".gz"] {
                XCTAssertEqual([UInt8](try Gzip.decompress(gzip)), bytes, path)
                XCTAssertLessThan(gzip.count, bytes.count, path)
                XCTAssertEqual(Array(gzip[4..<8]), [0, 0, 0, 0], "\(path): no date in the gzip header")
                checked += 1
            } else {
                XCTAssertGreaterThanOrEqual(ContentEncoding.gzip.compress(bytes).count, bytes.count, "\(path): left out only when not smaller")
            }
            if let brotli = files[path + ".br"] {
                XCTAssertEqual(try unbrotli([UInt8](brotli)), bytes, path)
                XCTAssertLessThan(brotli.count, bytes.count, path)
            } else {
                XCTAssertGreaterThanOrEqual(ContentEncoding.br.compress(bytes).count, bytes.count, path)
            }
        }
        XCTAssertGreaterThan(checked, 60, "the HTML pages, the index shards, the stylesheet and the script")
        XCTAssertTrue(files.keys.contains("index.html.br") && files.keys.contains("assets/style.css.gz"))
        XCTAssertFalse(files.keys.contains { $0.hasSuffix(".md.gz") || $0.hasSuffix(".md.br") })
    }

    func testTurningItOnAndOffRebuildsAndRemovesTheCopies() async throws {
        try await build(Fixtures.json(Self.cities))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/index.html.gz").path))
        let on = try await build(Fixtures.json(Self.cities)) { $0.precompress = [.gzip] }
        XCTAssertGreaterThan(on.files.written, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/index.html.gz").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/index.html.br").path))
        let again = try await build(Fixtures.json(Self.cities)) { $0.precompress = [.gzip] }
        XCTAssertEqual(again.files.written, 0, "a no-op rebuild")
        try await build(Fixtures.json(Self.cities))
        XCTAssertFalse(try snapshot().keys.contains { $0.hasSuffix(".gz") }, "turned off, the copies are removed")
    }

    func testAnArchiveHoldsTheSameCopiesAsTheFolder() async throws {
        try await build(Fixtures.json(Self.cities)) { $0.precompress = [.br, .gzip] }
        let archive = folder.appendingPathComponent("site.tar")
        try await build(Fixtures.json(Self.cities)) {
            $0.precompress = [.br, .gzip]
            $0.archive = archive
        }
        XCTAssertEqual(try SiteInventory(archive: archive), try SiteInventory(folder: folder.appendingPathComponent("site")))
    }

    func testThePrecompressOption() throws {
        XCTAssertEqual(try BuildOptions.parsePrecompress("gzip,br"), [.br, .gzip])
        XCTAssertEqual(try BuildOptions.parsePrecompress("gzip"), [.gzip])
        XCTAssertEqual(try BuildOptions.parsePrecompress("none"), [])
        for bad in ["zstd", "gzip,", ""] {
            XCTAssertThrowsError(try BuildOptions.parsePrecompress(bad), bad) { error in
                XCTAssertEqual((error as? CityGenError)?.exitCode, ExitStatus.usage.rawValue)
                XCTAssertTrue("\(error)".contains("choose br, gzip"), "\(error)")
            }
        }
        var options = BuildOptions()
        options.use(.gitlabPages, keepingFormats: false)
        XCTAssertEqual(options.precompress, [.gzip], "GitLab Pages serves .gz files")
        options.use(.githubPages, keepingFormats: false)
        XCTAssertEqual(options.precompress, [], "GitHub Pages serves neither")
    }
}
