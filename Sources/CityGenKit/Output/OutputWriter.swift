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
    public static let manifestName = SiteLayout.bookkeepingPrefix + "-manifest"
    static let markerName = SiteLayout.bookkeepingPrefix + "-building"
    static let temporaryPrefix = SiteLayout.bookkeepingPrefix + "-tmp."
    /// Files a folder may hold and still count as empty for citygen (the repository's `Output/README.md`).
    static let ignorableFiles: Set<String> = ["README.md", ".gitkeep", ".gitignore", ".DS_Store"]

    public struct Statistics: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
    }

    typealias Record = BuildManifest.FileRecord

    public let root: URL
    /// Counts the files written, for progress bars.
    let counter: ProgressCounter?
    private let state = Mutex<(stats: Statistics, records: [String: Record])>((Statistics(), [:]))

    /// Prepares `root`: refuses `/`, the home folder, the working directory, and (unless `force`) a folder with
    /// files that citygen did not make; creates it when missing.
    init(root: URL, force: Bool = false, counter: ProgressCounter? = nil) throws {
        self.root = root.standardizedFileURL
        self.counter = counter
        try Self.checkSafe(self.root, force: force)
        try Self.createFolder(self.root)
    }

    private static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CityGenError.outputRefused(path: url.path, reason: "cannot create output folder \(url.path): \(error.localizedDescription)")
        }
    }

    private static func checkSafe(_ root: URL, force: Bool) throws {
        let path = root.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().path
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        for (forbidden, what) in [("/", "the root folder"), (home, "your home folder"), (working, "the working directory")]
        where path == forbidden {
            throw CityGenError.outputRefused(
                path: path, reason: "refusing to write the site into \(what) (\(path)); choose an output folder such as Output")
        }
        guard !force, !FileManager.default.fileExists(atPath: root.appendingPathComponent(manifestName).path),
            let contents = try? FileManager.default.contentsOfDirectory(atPath: root.path)
        else { return }
        let foreign = contents.filter { !ignorableFiles.contains($0) && !$0.hasPrefix(SiteLayout.bookkeepingPrefix) }.sorted()
        if !foreign.isEmpty {
            throw CityGenError.outputRefused(
                path: root.path,
                reason: "refusing to write into \(root.path): it holds files citygen did not make (\(foreign.prefix(3).joined(separator: ", "))"
                    + "\(foreign.count > 3 ? ", …" : "")); choose an empty folder, or pass --force")
        }
    }

    public var statistics: Statistics { state.withLock { $0.stats } }

    // MARK: Manifest

    static func readManifest(in root: URL) -> BuildManifest {
        guard let text = try? String(contentsOfFile: root.path + "/" + manifestName, encoding: .utf8) else { return BuildManifest() }
        return BuildManifest(decoding: text)
    }

    /// The summary a previous build with this `fingerprint` recorded, when every file it wrote is still there with
    /// the same size and modification time: nothing needs to be done.
    static func unchangedBuild(in root: URL, fingerprint: String) -> BuildManifest.Summary? {
        let manifest = readManifest(in: root.standardizedFileURL)
        guard let summary = manifest.summary, summary.fingerprint == fingerprint, !manifest.files.isEmpty,
            !FileManager.default.fileExists(atPath: root.path + "/" + markerName)
        else { return nil }
        for (path, record) in manifest.files {
            guard let record, let found = status(of: root.path + "/" + path), found == record else { return nil }
        }
        return summary
    }

    /// Marks the build as started, creates the folders of the `planned` files and lists every file the build
    /// may write, before it writes any.
    public func begin(planned: [String]) throws {
        let folders = Set(planned.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } })
        let marker = root.path + "/" + Self.markerName
        if FileManager.default.fileExists(atPath: marker) { sweepTemporaryFiles(in: folders) }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        for folder in folders.sorted() { try Self.createFolder(root.appendingPathComponent(folder)) }
        state.withLock { $0.records.reserveCapacity(planned.count) }
        var manifest = Self.readManifest(in: root)
        manifest.summary = nil
        for path in planned where manifest.files[path] == nil { manifest.files[path] = .some(nil) }
        try Self.replace(path: root.path + "/" + Self.manifestName, with: manifest.encoded())
    }

    /// Removes what previous builds wrote and this one did not, records this build's files and its summary.
    func finish(summary: BuildManifest.Summary) throws {
        let previous = Self.readManifest(in: root)
        let records = state.withLock { $0.records }
        var removed = 0
        for stale in previous.files.keys where records[stale] == nil {
            if unlink(root.path + "/" + stale) == 0 { removed += 1 }
        }
        var summary = summary
        summary.files = records.count
        let manifest = BuildManifest(summary: summary, files: records.mapValues { .some($0) })
        try Self.replace(path: root.path + "/" + Self.manifestName, with: manifest.encoded())
        unlink(root.path + "/" + Self.markerName)
        state.withLock { $0.stats.removed = removed }
    }

    /// Deletes the temporary files an interrupted build left in the root and in `folders`.
    private func sweepTemporaryFiles(in folders: Set<String>) {
        for folder in [""] + folders.sorted() {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasPrefix(Self.temporaryPrefix) { unlink(path + "/" + name) }
        }
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
        guard descriptor >= 0 else { throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        let ok = writeAll(descriptor, bytes)
        let writeError = errno
        let record = status(of: descriptor)
        close(descriptor)
        guard ok, let record, rename(temporary, path) == 0 else {
            let error = ok ? errno : writeError
            unlink(temporary)
            throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(error)))
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

extension BuildManifest.FileRecord {
    init(_ info: stat) {
        self.init(size: Int(info.st_size), mtime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
    }
}
