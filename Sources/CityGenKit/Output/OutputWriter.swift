import Foundation

/// Writes the site into the output folder (SPEC §5) so that a reader sees the old site or the new one, never a mix:
/// a whole-site switch, else file by file in place (docs/design.md, "Prepare output and write"). `write` is
/// safe to call from several threads.
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
    /// `root.path`, which Foundation works out anew at each call: kept for the per-file calls.
    private let rootPath: String
    /// How this build puts its files into `root`.
    let strategy: Strategy
    /// Why this build writes in place (shown as a warning), when it does.
    public var inPlaceReason: String? { if case .inPlace(let reason) = strategy { reason } else { nil } }
    /// Counts the files written, for progress bars.
    let counter: ProgressCounter?
    /// Tests only: the `n`th call of `write` fails as a full disk would.
    let failingWrite: InjectedWriteFailure
    /// The manifest of the previous build (empty when there is none): only the files it lists can be unchanged.
    private let previous: BuildManifest
    private let state: Locked<State>

    private struct State {
        var stats = Statistics()
        /// Calls of `write`, for `failingWrite`.
        var calls = 0
        /// The paths written (new or changed bytes), when the writer lists its changes.
        var written: [String]?
        var removed: [String] = []
        /// Whether each of the previous build's files (by manifest index) is neither written nor kept yet.
        var stale: [Bool]
        /// The manifest being written (a temporary file), and its lines not yet written there.
        var manifest: Int32 = -1
        var lines: [UInt8] = []
    }

    /// The paths this build wrote (new or changed bytes) and removed, each sorted; complete after `finish`.
    public var changes: (written: [String], removed: [String]) {
        state.withLock { state in ((state.written ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, state.removed) }
    }

    /// Prepares `root`: refuses `/`, the home folder, the working directory, and (unless `force`) a folder with
    /// files that citygen did not make; creates it when missing; decides between whole-site switch and in place.
    /// `listsChanges`: keep the paths written, for `changes`.
    init(
        root: URL, force: Bool = false, counter: ProgressCounter? = nil, inPlace: Bool = false, failingWrite: Int? = nil,
        previous: BuildManifest? = nil, listsChanges: Bool = false
    ) throws {
        self.root = root.standardizedFileURL
        self.rootPath = self.root.path
        self.previous = previous ?? Self.readManifest(in: root.standardizedFileURL)
        state = Locked(State(written: listsChanges ? [] : nil, stale: Array(repeating: true, count: self.previous.files.count)))
        self.counter = counter
        self.failingWrite = InjectedWriteFailure(file: failingWrite)
        try Self.checkSafe(self.root, force: force)
        try Self.createFolder(self.root)
        if inPlace {
            strategy = .inPlace(reason: "in place by request")
        } else {
            let next = Self.stagingFolder(of: self.root)
            strategy = FolderExchange.whyImpossible(for: self.root.path, beside: next).map { .inPlace(reason: $0) } ?? .wholeSiteSwitch(next: next)
        }
    }

    /// Where the next generation of `root` is built: beside it, `.<name>.citygen-next`.
    static func stagingFolder(of root: URL) -> String {
        root.deletingLastPathComponent().path + "/." + root.lastPathComponent + stagingSuffix
    }
    static let stagingSuffix = ".citygen-next"

    static func createFolder(_ url: URL) throws {
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

    /// Prepares the folder the files go to and creates the folders of the `planned` files: a fresh `.citygen-next`,
    /// or in place the build's mark and a manifest of every file it may write, before it writes any.
    public func begin<Paths: Sequence<String>>(planned: Paths) throws {
        try begin(folders: Set(planned.compactMap { path in path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } }), planned: planned)
    }

    /// `begin`, with the `folders` of the planned files given (`planned` is only read when writing in place).
    func begin<Paths: Sequence<String>>(folders: Set<String>, planned: Paths) throws {
        switch strategy {
        case .wholeSiteSwitch(let next):
            FolderExchange.removeTree(next)
            for folder in [""] + folders.sorted() { try Self.createFolder(URL(fileURLWithPath: next + "/" + folder)) }
        case .inPlace:
            let marker = root.path + "/" + Self.markerName
            if FileManager.default.fileExists(atPath: marker) { sweepTemporaryFiles(in: folders) }
            _ = FileManager.default.createFile(atPath: marker, contents: nil)
            for folder in folders.sorted() { try Self.createFolder(root.appendingPathComponent(folder)) }
            var manifest = Self.readManifest(in: root)
            manifest.summary = nil
            for path in planned where !manifest.files.contains(path) { manifest.files.set(nil, for: path) }
            try Self.replace(path: root.path + "/" + Self.manifestName, with: manifest.encoded())
        }
        let descriptor = open(manifestInProgress, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CityGenError.writeFailed(path: manifestInProgress, reason: String(cString: strerror(errno))) }
        state.withLock {
            $0.manifest = descriptor
            $0.lines = BuildManifest.header
        }
    }

    /// Where this build's manifest is written until `finish` renames it to `.citygen-manifest` beside it.
    private var manifestInProgress: String { strategy.folder(root: rootPath) + "/" + Self.temporaryPrefix + Self.manifestName }

    deinit {
        state.withLock { if $0.manifest >= 0 { close($0.manifest) } }
    }

    /// Completes the build: removes the stale files, records this build's files and summary, and switches.
    func finish(summary: BuildManifest.Summary) throws {
        let stale = state.withLock { $0.stale }
        let removed = stale.indices.filter { stale[$0] }.map(previous.files.path(at:)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try state.withLock { state in
            var summary = summary
            summary.files = state.stats.written + state.stats.unchanged
            // Last, so that a manifest cut short never has a summary and is never taken for a finished build's.
            state.lines += BuildManifest.summaryLines(summary)
            try flushManifest(&state, atLeast: 0)
            close(state.manifest)
            state.manifest = -1
        }
        // In place, the stale files go before the manifest that no longer lists them: a build killed in between
        // leaves them listed (in the manifest written at `begin`), so the next build still removes them.
        if case .inPlace = strategy { for stale in removed { unlink(root.path + "/" + stale) } }
        let folder = strategy.folder(root: rootPath)
        guard rename(manifestInProgress, folder + "/" + Self.manifestName) == 0 else {
            throw CityGenError.writeFailed(path: folder + "/" + Self.manifestName, reason: String(cString: strerror(errno)))
        }
        switch strategy {
        case .wholeSiteSwitch(let next):
            try linkForeignFiles(from: root.path, to: next, previous: previous)
            try FolderExchange.exchange(next, root.path)
            FolderExchange.removeTree(next)
        case .inPlace:
            unlink(root.path + "/" + Self.markerName)
        }
        state.withLock {
            $0.stats.removed = removed.count
            $0.removed = removed
        }
    }

    /// After a failure: deletes the unfinished new generation, so the output folder stays as it was.
    func abandon() {
        state.withLock {
            if $0.manifest >= 0 { close($0.manifest) }
            $0.manifest = -1
        }
        switch strategy {
        case .wholeSiteSwitch(let next): FolderExchange.removeTree(next)
        case .inPlace: unlink(manifestInProgress)
        }
    }

    /// Records a file in the manifest: its line is written with others once they fill 256 KiB.
    private func record(_ relativePath: String, _ record: Record?, in state: inout State) throws {
        if let index = previous.files.index(of: relativePath) { state.stale[index] = false }
        BuildManifest.appendLine(relativePath, record, to: &state.lines)
        try flushManifest(&state, atLeast: 1 << 18)
    }

    private func flushManifest(_ state: inout State, atLeast size: Int) throws {
        guard state.lines.count >= size, state.manifest >= 0 else { return }
        guard Self.writeAll(state.manifest, state.lines) else {
            throw CityGenError.writeFailed(path: root.path + "/" + Self.manifestName, reason: String(cString: strerror(errno)))
        }
        state.lines.removeAll(keepingCapacity: true)
    }

    // MARK: Files

    /// Writes `bytes` at `relativePath` (made by citygen from ids and numbers, never from data).
    public func write(_ bytes: [UInt8], to relativePath: String) throws {
        let live = rootPath + "/" + relativePath
        // In place, a file nobody listed may still be there and must be replaced, not created.
        var record = !strategy.writesANewGeneration || previous.files.contains(relativePath) ? Self.status(of: live) : nil
        var unchanged = record.map { Self.fileHolds(path: live, size: $0.size, bytes: bytes) } ?? false
        if failingWrite.file != nil { try failingWrite.check(state.withLock { $0.calls += 1; return $0.calls }, path: live) }
        switch strategy {
        case .wholeSiteSwitch(let next):
            let path = next + "/" + relativePath
            if !unchanged || link(live, path) != 0 {
                unchanged = false
                do {
                    record = try Self.createNew(path: path, with: bytes)
                } catch CityGenError.writeFailed(_, let reason) {
                    throw CityGenError.writeFailed(path: live, reason: reason)  // the page's name, not the unfinished folder's
                }
            }
        case .inPlace where !unchanged:
            record = try (record == nil ? Self.create(path: live, with: bytes) : nil) ?? Self.replace(path: live, with: bytes)
        case .inPlace:
            break
        }
        counter?.add()
        try state.withLock {
            try self.record(relativePath, record, in: &$0)
            if unchanged {
                $0.stats.unchanged += 1
            } else {
                $0.stats.written += 1
                $0.stats.bytes += bytes.count
                $0.written?.append(relativePath)
            }
        }
    }

    /// Keeps the previous build's file at `relativePath`, which `record` says is intact, without reading it: linked
    /// into the new generation, or left where it is in place. False when it cannot be (then `write` it).
    func keep(_ relativePath: String, record: Record) throws -> Bool {
        if case .wholeSiteSwitch(let next) = strategy, link(rootPath + "/" + relativePath, next + "/" + relativePath) != 0 { return false }
        counter?.add()
        try state.withLock {
            try self.record(relativePath, record, in: &$0)
            $0.stats.unchanged += 1
        }
        return true
    }
}

extension BuildManifest.FileRecord {
    init(_ info: stat) {
        self.init(size: Int(info.st_size), mtime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
    }
}
