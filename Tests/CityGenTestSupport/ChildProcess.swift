import Foundation

/// The programs the tests run beside citygen: a tool whose output they compare with, and the fault server.
public enum ChildProcess {
    /// Runs `arguments` (the program found by `/usr/bin/env`, or an absolute path) to its end; its exit status and
    /// what it printed on stdout.
    public static func output(_ arguments: [String]) throws -> (status: Int32, stdout: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, printed)
    }

    /// Starts `Tests/Support/fault_server.py` (an HTTP server on 127.0.0.1 that misbehaves on purpose) and returns
    /// it with the port it printed; the caller terminates it.
    public static func startFaultServer() throws -> (server: Process, port: Int) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/fault_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        return (process, Int(String(decoding: line, as: UTF8.self)) ?? 0)
    }
}
