import Foundation
import Synchronization

/// Writes the site into the output folder.
///
/// Each file is written to a temporary `.citygen-tmp` name in its folder and renamed into place, so a reader
/// or an interrupted build sees either the old or the new file, never half of one. A file whose bytes are
/// already there is not rewritten. The manifest lists what citygen wrote, so the next build removes its own
/// stale files and never anyone else's. Safe to call from several threads.
public final class OutputWriter: Sendable {
    public static let manifestName = ".citygen-manifest"
    static let temporaryPrefix = ".citygen-tmp."

    public struct Statistics: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
    }

    public let root: URL
    private let state = Mutex<(stats: Statistics, paths: [String])>((Statistics(), []))

    /// Prepares `root`, creating it and `folders` (relative) when missing.
    public init(root: URL, folders: [String]) throws {
        self.root = root
        for folder in [""] + folders {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw OutputError("cannot create output folder \(url.path): \(error.localizedDescription)", exitCode: 73)
            }
        }
    }

    public var statistics: Statistics { state.withLock { $0.stats } }

    /// Writes `bytes` at `relativePath` (made by citygen from ids and numbers, never from data).
    public func write(_ bytes: [UInt8], to relativePath: String) throws {
        let path = root.path + "/" + relativePath
        let changed = !Self.fileHolds(path: path, bytes: bytes)
        if changed { try Self.replace(path: path, with: bytes) }
        state.withLock {
            $0.paths.append(relativePath)
            if changed {
                $0.stats.written += 1
                $0.stats.bytes += bytes.count
            } else {
                $0.stats.unchanged += 1
            }
        }
    }

    public func write(_ text: String, to relativePath: String) throws {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Removes what the previous build wrote and this one did not, then records this build's files.
    public func finish() throws {
        let paths = state.withLock { $0.paths }.sorted()
        let manifestPath = root.path + "/" + Self.manifestName
        let previous = (try? String(contentsOfFile: manifestPath, encoding: .utf8))?
            .split(separator: "\n").map(String.init) ?? []
        let current = Set(paths)
        var removed = 0
        for stale in previous where !current.contains(stale) && Self.isOwnPath(stale) {
            if unlink(root.path + "/" + stale) == 0 { removed += 1 }
        }
        let manifest = Array((paths.joined(separator: "\n") + "\n").utf8)
        if !Self.fileHolds(path: manifestPath, bytes: manifest) { try Self.replace(path: manifestPath, with: manifest) }
        state.withLock { $0.stats.removed = removed }
    }

    /// A manifest line names a file below the root; anything else (an edited manifest) is ignored.
    private static func isOwnPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    private static func fileHolds(path: String, bytes: [UInt8]) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        guard let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.elementsEqual(bytes)
    }

    private static func replace(path: String, with bytes: [UInt8]) throws {
        let slash = path.lastIndex(of: "/")!
        let temporary = path[..<slash] + "/" + temporaryPrefix + path[path.index(after: slash)...]
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var offset = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let writeError = errno
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw OutputError("cannot write \(path): \(String(cString: strerror(ok ? errno : writeError)))")
        }
    }
}
