import Foundation
import Synchronization

/// Writes the site into the output folder, safely and incrementally (SPEC §5).
///
/// - A new file is written unnamed and linked into place (Linux `O_TMPFILE`); a changed file is written to a
///   temporary `.citygen-tmp.` name in its folder and renamed over the old one. Either way a reader or an
///   interrupted build sees the old file or the new one, never half of one.
/// - A file whose bytes are already there is not rewritten (its mtime stays).
/// - `.citygen-manifest` lists the files citygen wrote, with their sizes and mtimes and the build's fingerprint.
///   Before the first file is written it lists the previous files and every planned one, so whatever an
///   interrupted build leaves behind, the next build knows it as its own; `finish` removes the previous files
///   this build did not write and never touches anyone else's.
/// - `.citygen-building` marks a build in progress; the next build after an interrupted one sweeps its
///   temporary files.
///
/// `write` is safe to call from several threads.
public final class OutputWriter: Sendable {
    public static let manifestName = ".citygen-manifest"
    static let markerName = ".citygen-building"
    static let temporaryPrefix = ".citygen-tmp."
    /// Files a folder may hold and still count as empty for citygen (the repository's `Output/README.md`).
    static let ignorableFiles: Set<String> = ["README.md", ".gitkeep", ".gitignore", ".DS_Store"]

    public struct Statistics: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
    }

    /// A file of the manifest: size and modification time (nanoseconds) as written.
    struct Record: Equatable {
        let size: Int
        let mtime: Int
    }

    public let root: URL
    /// Counts the files written, for progress bars.
    nonisolated(unsafe) var counter: ProgressCounter?  // set before the first write, then only read
    private let state = Mutex<(stats: Statistics, records: [String: Record])>((Statistics(), [:]))

    /// Prepares `root`: refuses `/`, the home folder, the working directory, and (unless `force`) a folder with
    /// files that citygen did not make; creates it and the site's folders when missing.
    public init(root: URL, force: Bool = false) throws {
        self.root = root.standardizedFileURL
        try Self.checkSafe(self.root, force: force)
        for folder in [""] + SitePaths.folders {
            let url = folder.isEmpty ? self.root : self.root.appendingPathComponent(folder)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw OutputError("cannot create output folder \(url.path): \(error.localizedDescription)", exitCode: 73)
            }
        }
    }

    private static func checkSafe(_ root: URL, force: Bool) throws {
        let path = root.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().path
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        for (forbidden, what) in [("/", "the root folder"), (home, "your home folder"), (working, "the working directory")]
        where path == forbidden {
            throw OutputError("refusing to write the site into \(what) (\(path)); choose an output folder such as Output", exitCode: 73)
        }
        guard !force, !FileManager.default.fileExists(atPath: root.appendingPathComponent(manifestName).path),
            let contents = try? FileManager.default.contentsOfDirectory(atPath: root.path)
        else { return }
        let foreign = contents.filter { !ignorableFiles.contains($0) }.sorted()
        if !foreign.isEmpty {
            throw OutputError(
                "refusing to write into \(root.path): it holds files citygen did not make (\(foreign.prefix(3).joined(separator: ", "))"
                    + "\(foreign.count > 3 ? ", …" : "")); choose an empty folder, or pass --force", exitCode: 73)
        }
    }

    public var statistics: Statistics { state.withLock { $0.stats } }

    // MARK: Manifest

    /// What a previous build recorded.
    struct Manifest {
        var summary: [String: String] = [:]
        var records: [String: Record?] = [:]
    }

    static func readManifest(in root: URL) -> Manifest {
        guard let text = try? String(contentsOfFile: root.path + "/" + manifestName, encoding: .utf8) else { return Manifest() }
        var manifest = Manifest()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# ") {
                let parts = line.dropFirst(2).split(separator: " ", maxSplits: 1)
                if parts.count == 2 { manifest.summary[String(parts[0])] = String(parts[1]) }
                continue
            }
            let fields = line.split(separator: "\t")
            guard let path = fields.first.map(String.init), isOwnPath(path) else { continue }
            if fields.count == 3, let size = Int(fields[1]), let mtime = Int(fields[2]) {
                manifest.records[path] = Record(size: size, mtime: mtime)
            } else {
                manifest.records[path] = .some(nil)
            }
        }
        return manifest
    }

    /// The summary a previous build with this `fingerprint` recorded, when every file it wrote is still there with
    /// the same size and modification time: nothing needs to be done.
    public static func unchangedBuild(in root: URL, fingerprint: String) -> [String: String]? {
        let manifest = readManifest(in: root.standardizedFileURL)
        guard manifest.summary["fingerprint"] == fingerprint, !manifest.records.isEmpty,
            !FileManager.default.fileExists(atPath: root.path + "/" + markerName)
        else { return nil }
        for (path, record) in manifest.records {
            guard let record, let found = status(of: root.path + "/" + path), found == record else { return nil }
        }
        return manifest.summary
    }

    /// Marks the build as started and lists every file it may write, before it writes any.
    public func begin(planned: [String]) throws {
        let marker = root.path + "/" + Self.markerName
        if FileManager.default.fileExists(atPath: marker) { sweepTemporaryFiles() }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        state.withLock { $0.records.reserveCapacity(planned.count) }
        var paths = Set(Self.readManifest(in: root).records.keys)
        paths.formUnion(planned)
        let text = paths.sorted().joined(separator: "\n") + "\n"
        try Self.replace(path: root.path + "/" + Self.manifestName, with: Array(text.utf8))
    }

    /// Removes what previous builds wrote and this one did not, records this build's files and its summary.
    public func finish(summary: [String: String]) throws {
        let previous = Self.readManifest(in: root)
        let records = state.withLock { $0.records }
        var removed = 0
        for stale in previous.records.keys where records[stale] == nil {
            if unlink(root.path + "/" + stale) == 0 { removed += 1 }
        }
        var summary = summary
        summary["files"] = String(records.count)
        var text = [UInt8]()
        text.reserveCapacity(records.count * 48)
        for (key, value) in summary.sorted(by: { $0.key < $1.key }) { text += Array("# \(key) \(value)\n".utf8) }
        for path in records.keys.sorted() {
            let record = records[path]!
            text += path.utf8
            text.append(0x09)
            text += String(record.size).utf8
            text.append(0x09)
            text += String(record.mtime).utf8
            text.append(0x0A)
        }
        try Self.replace(path: root.path + "/" + Self.manifestName, with: text)
        unlink(root.path + "/" + Self.markerName)
        state.withLock { $0.stats.removed = removed }
    }

    /// Deletes the temporary files an interrupted build left.
    private func sweepTemporaryFiles() {
        for folder in [""] + SitePaths.folders + ["search"] {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasPrefix(Self.temporaryPrefix) { unlink(path + "/" + name) }
        }
    }

    /// A manifest line names a file below the root; anything else (an edited manifest) is ignored.
    private static func isOwnPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    // MARK: Files

    /// Writes `bytes` at `relativePath` (made by citygen from ids and numbers, never from data).
    public func write(_ bytes: [UInt8], to relativePath: String) throws {
        let path = root.path + "/" + relativePath
        var record = Self.status(of: path)
        let unchanged = record.map { Self.fileHolds(path: path, size: $0.size, bytes: bytes) } ?? false
        if !unchanged {
            record = try (record == nil ? Self.create(path: path, with: bytes) : nil) ?? Self.replace(path: path, with: bytes)
        }
        counter?.add()
        state.withLock {
            $0.records[relativePath] = record
            if unchanged {
                $0.stats.unchanged += 1
            } else {
                $0.stats.written += 1
                $0.stats.bytes += bytes.count
            }
        }
    }

    public func write(_ text: String, to relativePath: String) throws {
        try write(Array(text.utf8), to: relativePath)
    }

    static func status(of path: String) -> Record? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Record(info)
    }

    private static func fileHolds(path: String, size: Int, bytes: [UInt8]) -> Bool {
        guard size == bytes.count, let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.elementsEqual(bytes)
    }

    /// Creates a file that does not exist yet, atomically, without a temporary name: on Linux an unnamed
    /// `O_TMPFILE` inode is written and then linked into place, which costs half of write-then-rename on ext4.
    /// Returns nil where that is not possible (another system or file system, a file that appeared meanwhile);
    /// the caller then falls back to `replace`.
    private static func create(path: String, with bytes: [UInt8]) -> Record? {
        #if os(Linux)
            let slash = path.lastIndex(of: "/")!
            let descriptor = open(String(path[..<slash]), unnamedTemporaryFile | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard writeAll(descriptor, bytes), let record = status(of: descriptor) else { return nil }
            return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? record : nil
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift overlay does not export.
        private static let unnamedTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    #endif

    /// Writes to a temporary name beside `path` and renames it over `path`.
    @discardableResult
    private static func replace(path: String, with bytes: [UInt8]) throws -> Record {
        let slash = path.lastIndex(of: "/")!
        let temporary = path[..<slash] + "/" + temporaryPrefix + path[path.index(after: slash)...]
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let ok = writeAll(descriptor, bytes)
        let writeError = errno
        let record = status(of: descriptor)
        close(descriptor)
        guard ok, let record, rename(temporary, path) == 0 else {
            let error = ok ? errno : writeError
            unlink(temporary)
            throw OutputError("cannot write \(path): \(String(cString: strerror(error)))")
        }
        return record
    }

    private static func status(of descriptor: Int32) -> Record? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Record(info) : nil
    }

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
}

extension OutputWriter.Record {
    init(_ info: stat) {
        self.init(size: Int(info.st_size), mtime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
    }
}
