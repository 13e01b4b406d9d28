import Foundation
import XCTest

/// Every input of the committed fuzz corpus (`Fuzz/<target>/`, seeds and past findings) runs through its target
/// without a crash in the normal build too, so a finding stays fixed. `scripts/fuzz` does the fuzzing itself.
final class FuzzCorpusTests: XCTestCase {
    /// The targets are the fuzzer's own list (`citygen-fuzz --list`), so a new target is replayed as soon as it
    /// exists, and must come with a corpus; a corpus folder no target reads is an error too.
    func testTheCorpusReplaysWithoutACrash() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = repository.appendingPathComponent("Fuzz")
        let listed = try replay(["--list"])
        XCTAssertEqual(listed.status, 0, listed.output)
        let targets = listed.output.split(separator: "\n").map(String.init)
        XCTAssertFalse(targets.isEmpty, "citygen-fuzz --list names no target")
        let corpora = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }.map(\.lastPathComponent)
        XCTAssertEqual(Set(corpora).subtracting(targets).sorted(), [], "corpus folders of no target")
        for target in targets {
            let corpus = folder.appendingPathComponent(target)
            let inputs = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()) ?? []
            XCTAssertGreaterThanOrEqual(inputs.count, 2, "\(target): Fuzz/\(target)/ needs a seed corpus")
            guard !inputs.isEmpty else { continue }
            let replayed = try replay([target] + inputs.map { corpus.appendingPathComponent($0).path })
            XCTAssertEqual(replayed.status, 0, "\(target): \(replayed.output)")
            XCTAssertEqual(replayed.output, "\(target): \(inputs.count) inputs, no crash\n")
        }
    }

    /// Runs the replaying build of `citygen-fuzz` with `arguments`; its exit status and standard output.
    private func replay(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = CommandRunner.buildFolder.appendingPathComponent("citygen-fuzz")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
