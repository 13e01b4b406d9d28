import Foundation
import XCTest

/// Runs the built `citygen` executable, as a user would.
struct CommandRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `../shared` beside the repository.
    static let shared = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")

    static let snapshot = shared.appendingPathComponent("data/cities.json.gz")

    /// GeoNames' own dump files, as Debian's `libtimezonemap-data` installs them.
    static let geoNames = "/usr/share/libtimezonemap/ui"

    /// Builds the snapshot into `folder/Output` as a Markdown-only site (for tests of its search index: it keeps the
    /// build short) with places from GeoNames' files, as users build by default; fails the test when it fails.
    /// Returns its `--report json`.
    @discardableResult
    static func buildIndexWithPlaces(in folder: URL) throws -> [String: Any] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            formats: [markdown]
            places: {cities: \(geoNames)/cities15000.txt, admin1: \(geoNames)/admin1Codes.txt, countries: \(geoNames)/countryInfo.txt}

            """.write(to: folder.appendingPathComponent("citygen.yml"), atomically: true, encoding: .utf8)
        return try buildWithReport(in: folder)
    }

    /// Builds the site of `folder`'s `citygen.yml` from the snapshot; returns its `--report json`.
    @discardableResult
    static func buildWithReport(in folder: URL) throws -> [String: Any] {
        let build = try run(["build", "--source", snapshot.path, "--report", "json"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(build.stdout.utf8)) as? [String: Any], build.stdout)
    }

    /// The `citygen` binary: `CITYGEN_BIN` when set (`scripts/test` points it at the release build, which runs the
    /// full-data builds several times faster than debug), else the one beside the tests.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["CITYGEN_BIN"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return buildFolder.appendingPathComponent("citygen")
    }

    /// The folder SwiftPM builds the tests and the package's executables into.
    static var buildFolder: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folder = bundle.bundleURL.deletingLastPathComponent()
        }
        return folder
    }

    /// The first `count` cities of the snapshot as a JSON file in `folder`: data for a build that takes a while.
    static func subset(_ count: Int, in folder: URL) throws -> URL {
        let subset = folder.appendingPathComponent("subset-\(count).json")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c", "import gzip, json, sys; json.dump(json.load(gzip.open(sys.argv[1]))[:int(sys.argv[3])], open(sys.argv[2], 'w'))",
            snapshot.path, subset.path, String(count),
        ]
        try python.run()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return subset
    }

    /// Starts `citygen` with `arguments` in `directory` and returns at once; output goes nowhere.
    static func start(_ arguments: [String], in directory: URL) throws -> Process {
        let process = citygen(arguments, in: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `citygen` with `arguments`, to run in `directory` with a cache of the test's own (never the user's, never
    /// another test's).
    /// `--places none` for a build that names no places (on the command line or in its `citygen.yml`): the default
    /// is to download GeoNames' files, which a test does only when it says so.
    private static func placesOff(_ arguments: [String], in directory: URL) -> [String] {
        guard arguments.first == "build", !arguments.contains("--places") else { return [] }
        let config = (try? String(contentsOf: directory.appendingPathComponent("citygen.yml"), encoding: .utf8)) ?? ""
        return config.contains("places:") ? [] : ["--places", "none"]
    }

    private static func citygen(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + placesOff(arguments, in: directory)
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent(".cache").path
        environment.merge(extra) { $1 }
        process.environment = environment
        return process
    }

    /// Starts `citygen serve --port 0 --output OUTPUT` in `directory` and returns it with the port it says it
    /// listens on (0 when it said none). The caller terminates it.
    static func serve(_ output: String, in directory: URL) throws -> (server: Process, port: UInt16) {
        try serve(["--output", output], in: directory)
    }

    /// Starts `citygen serve --port 0` with `arguments` in `directory` and returns it with the port its line
    /// `… at http://127.0.0.1:PORT/ …` says (0 when it ended first), once it says so. The caller terminates it.
    static func serve(_ arguments: [String], in directory: URL) throws -> (server: Process, port: UInt16) {
        let server = citygen(["serve", "--port", "0"] + arguments, in: directory)
        let stderr = Pipe()
        server.standardError = stderr
        try server.run()
        while true {
            var line = Data()
            while let byte = try stderr.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
            let text = String(decoding: line, as: UTF8.self)
            if line.isEmpty, !server.isRunning { return (server, 0) }
            guard let at = text.range(of: "http://127.0.0.1:") else { continue }
            // What it says later goes on being read, so that the server never blocks on a full pipe.
            let handle = stderr.fileHandleForReading
            Thread.detachNewThread { while (try? handle.read(upToCount: 4096))??.isEmpty == false {} }
            return (server, UInt16(text[at.upperBound...].prefix(while: \.isNumber)) ?? 0)
        }
    }

    /// The standard output of `/bin/sh -c command` in `directory`, which must exit 0.
    static func shell(_ command: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let out = directory.appendingPathComponent(".shell-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(command) exited \(process.terminationStatus)"]) }
        return try String(contentsOf: out, encoding: .utf8)
    }

    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], input: URL? = nil) throws -> Result {
        let process = citygen(arguments, in: directory, environment: environment)
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        // Files rather than pipes: a process that prints a lot can never block on a full pipe.
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}

/// A test case with a fresh temporary folder of its own, removed afterwards.
class FolderTestCase: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("citygen-e2e-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The snapshot's records, read with Foundation's JSON reader, apart from citygen's decoder.
    func snapshotRecords() throws -> [[String: Any]] {
        let json = folder.appendingPathComponent("snapshot.json")
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gunzip.arguments = ["-c", "gzip -dc '\(CommandRunner.snapshot.path)' > '\(json.path)'"]
        try gunzip.run()
        gunzip.waitUntilExit()
        return try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [[String: Any]]
    }
}
