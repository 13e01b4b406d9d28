import Foundation
import Synchronization

/// Writes the site into the output folder.
///
/// A new file is written unnamed and linked into place (Linux `O_TMPFILE`); a changed file is written to a
/// temporary `.citygen-tmp` name in its folder and renamed over the old one. Either way a reader or an
/// interrupted build sees the old file or the new one, never half of one. A file whose bytes are
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
        let existing = Self.existingSize(path: path)
        let changed = existing == nil || !Self.fileHolds(path: path, size: existing!, bytes: bytes)
        if changed {
            if existing != nil || !Self.create(path: path, with: bytes) { try Self.replace(path: path, with: bytes) }
        }
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
        if !(Self.existingSize(path: manifestPath).map { Self.fileHolds(path: manifestPath, size: $0, bytes: manifest) } ?? false) {
            try Self.replace(path: manifestPath, with: manifest)
        }
        state.withLock { $0.stats.removed = removed }
    }

    /// A manifest line names a file below the root; anything else (an edited manifest) is ignored.
    private static func isOwnPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    /// The size of the file at `path`, or nil when there is none.
    private static func existingSize(path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    private static func fileHolds(path: String, size: Int, bytes: [UInt8]) -> Bool {
        guard size == bytes.count, let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.elementsEqual(bytes)
    }

    /// Creates a file that does not exist yet, atomically, without a temporary name: on Linux an unnamed
    /// `O_TMPFILE` inode is written and then linked into place, which costs half of write-then-rename on ext4.
    /// Returns false where that is not possible (another system or file system, a file that appeared meanwhile);
    /// the caller then falls back to `replace`.
    private static func create(path: String, with bytes: [UInt8]) -> Bool {
        #if os(Linux)
            let slash = path.lastIndex(of: "/")!
            let descriptor = open(String(path[..<slash]), Self.unnamedTemporaryFile | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard writeAll(descriptor, bytes) else { return false }
            return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift overlay does not export.
        private static let unnamedTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    #endif

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
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
    }

    private static func replace(path: String, with bytes: [UInt8]) throws {
        let slash = path.lastIndex(of: "/")!
        let temporary = path[..<slash] + "/" + temporaryPrefix + path[path.index(after: slash)...]
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let ok = writeAll(descriptor, bytes)
        let writeError = errno
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw OutputError("cannot write \(path): \(String(cString: strerror(ok ? errno : writeError)))")
        }
    }
}
