import Foundation
import XCTest

/// Every input of the committed fuzz corpus (`Fuzz/<target>/`, seeds and past findings) runs through its target
/// without a crash in the normal build too, so a finding stays fixed. `scripts/fuzz` does the fuzzing itself.
final class FuzzCorpusTests: XCTestCase {
    func testTheCorpusReplaysWithoutACrash() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = repository.appendingPathComponent("Fuzz")
        for target in ["json", "config", "index", "serve-path", "geonames-table"] {
            let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path).sorted()
            XCTAssertGreaterThanOrEqual(inputs.count, 2, target)
            let process = Process()
            process.executableURL = CommandRunner.buildFolder.appendingPathComponent("citygen-fuzz")
            process.arguments = [target] + inputs.map { folder.appendingPathComponent(target).appendingPathComponent($0).path }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(target): \(text)")
            XCTAssertEqual(text, "\(target): \(inputs.count) inputs, no crash\n")
        }
    }
}
