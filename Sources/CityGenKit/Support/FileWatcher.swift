import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reports changes to files and folders (`citygen serve --watch`): through inotify, or by polling where a file
/// system has none. A file is watched through its folder, so that a save by rename is seen like a write; a folder
/// with everything below it. Changes that come close together are reported once.
public final class FileWatcher: @unchecked Sendable {
    /// How changes are noticed.
    public enum Mode: Sendable, Equatable {
        case inotify
        /// Comparing every file's size, time and inode this often.
        case poll(interval: TimeInterval)
    }

    /// How long a change waits for others before it is reported: an editor's save is several events.
    static let settleTime: TimeInterval = 0.03

    private let stopped = Locked(false)
    private let thread: Thread

    /// Starts watching `paths` (files, which need not exist yet, or folders); `onChange` receives the paths that
    /// changed, sorted, on the watcher's own thread. Fails when inotify cannot be set up (`Mode.poll` always can).
    public init(paths: [URL], mode: Mode, onChange: @escaping @Sendable ([String]) -> Void) throws {
        var files = Set<String>(), folders: [String] = []
        for path in paths.map({ $0.standardizedFileURL.path }) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { folders.append(path) } else { files.insert(path) }
        }
        let (watchedFiles, watchedFolders, stopped) = (files, folders, stopped)
        switch mode {
        case .inotify:
            let source = try INotifySource(files: watchedFiles, folders: watchedFolders)
            thread = Thread {
                defer { source.close() }
                while !stopped.withLock({ $0 }) {
                    guard source.wait(timeout: 0.1) else { continue }
                    var changed = source.read()
                    while source.wait(timeout: Self.settleTime) { changed.formUnion(source.read()) }
                    if !changed.isEmpty { onChange(changed.sorted()) }
                }
            }
        case .poll(let interval):
            let initial = Self.snapshot(files: watchedFiles, folders: watchedFolders)
            thread = Thread {
                var before = initial
                while !stopped.withLock({ $0 }) {
                    Thread.sleep(forTimeInterval: interval)
                    let now = Self.snapshot(files: watchedFiles, folders: watchedFolders)
                    let changed = Set(before.keys).union(now.keys).filter { before[$0] != now[$0] }
                    before = now
                    if !changed.isEmpty { onChange(changed.sorted()) }
                }
            }
        }
        thread.name = "citygen file watcher"
        thread.start()
    }

    deinit { stop() }

    /// Stops watching; no change is reported after the one being reported, if any.
    public func stop() { stopped.withLock { $0 = true } }

    /// What polling compares of a file.
    private struct FileState: Equatable {
        let size: Int64, seconds: Int, nanoseconds: Int, inode: UInt64
    }

    /// Every watched file that exists, with its state.
    private static func snapshot(files: Set<String>, folders: [String]) -> [String: FileState] {
        var states: [String: FileState] = [:]
        func add(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            states[path] = FileState(
                size: Int64(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, inode: UInt64(info.st_ino))
        }
        files.forEach(add)
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String { add(folder + "/" + relative) }
        }
        return states
    }
}

/// An inotify instance (used by one thread) watching the folders of `files` and every folder below `folders`. A file's
/// folder that does not exist yet is watched through its nearest existing ancestor until it is made.
private final class INotifySource: @unchecked Sendable {
    private let descriptor: Int32
    /// The folder of each watch.
    private var watched: [Int32: String] = [:]
    private let files: Set<String>
    private let folders: [String]
    /// The folders of `files`.
    private let fileFolders: Set<String>
    /// Those of `fileFolders` that are not watched: they do not exist (yet), or were deleted.
    private var missing: Set<String> = []
    private static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)

    init(files: Set<String>, folders: [String]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw CityGenError.invalidOption(name: "--watch", reason: "cannot watch files with inotify (\(String(cString: strerror(errno))))") }
        self.files = files
        self.folders = folders
        fileFolders = Set(files.map(Self.parent))
        for folder in fileFolders.union(folders) where !add(folder) {
            if errno == ENOENT {
                if fileFolders.contains(folder) { missing.insert(folder) }
                continue
            }
            // Out of watches (fs.inotify.max_user_watches), or a file system that has none: the caller may poll.
            let reason = String(cString: strerror(errno))
            close()
            throw CityGenError.invalidOption(name: "--watch", reason: "cannot watch \(folder) with inotify (\(reason))")
        }
        for folder in folders { addTree(folder) }
        _ = watchMissingFolders()
    }

    private static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// Watches `folder`; false when inotify refuses it (`errno` says why).
    @discardableResult
    private func add(_ folder: String) -> Bool {
        let watch = inotify_add_watch(descriptor, folder, Self.events)
        if watch >= 0 { watched[watch] = folder }
        return watch >= 0
    }

    private func addTree(_ folder: String) {
        add(folder)
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), isFolder.boolValue { add(folder + "/" + relative) }
        }
    }

    /// Watches each missing folder that exists now, else its nearest existing ancestor; returns the watched files
    /// found in the folders watched now.
    private func watchMissingFolders() -> Set<String> {
        var found = Set<String>()
        for folder in missing.sorted() {
            if add(folder) {
                missing.remove(folder)
                found.formUnion(files.filter { Self.parent($0) == folder && FileManager.default.fileExists(atPath: $0) })
                continue
            }
            var ancestor = Self.parent(folder)
            while ancestor.count > 1, !add(ancestor) { ancestor = Self.parent(ancestor) }
        }
        return found
    }

    /// Whether events are waiting, after at most `timeout` seconds.
    func wait(timeout: TimeInterval) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(timeout * 1000)) > 0
    }

    /// The watched paths that the waiting events name (a new folder below a watched one is watched too); every
    /// watched path when the kernel's queue overflowed.
    func read() -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var changed = Set<String>()
        var offset = 0, overflowed = false, foldersChanged = false
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            let nameBytes = buffer[(offset + header)..<(offset + header + Int(event.len))].prefix { $0 != 0 }
            offset += header + Int(event.len)
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                overflowed = true
                continue
            }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                // The folder went away (deleted, or moved): watched again once it is back.
                if let folder = watched.removeValue(forKey: event.wd), fileFolders.contains(folder) {
                    missing.insert(folder)
                    foldersChanged = true
                }
                continue
            }
            guard let folder = watched[event.wd], !nameBytes.isEmpty else { continue }
            let path = folder + "/" + String(decoding: nameBytes, as: UTF8.self)
            let isNewFolder = event.mask & UInt32(IN_ISDIR) != 0 && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
            if isNewFolder, !missing.isEmpty { foldersChanged = true }
            let inFolder = folders.contains { path.hasPrefix($0 + "/") }
            if inFolder, event.mask & UInt32(IN_ISDIR) != 0 {
                if isNewFolder { addTree(path) }
                continue
            }
            if inFolder || files.contains(path) { changed.insert(path) }
        }
        if foldersChanged { changed.formUnion(watchMissingFolders()) }
        if overflowed {
            for folder in folders { addTree(folder) }
            changed.formUnion(watchMissingFolders())
            changed.formUnion(files)
            changed.formUnion(folders)
        }
        return changed
    }

    func close() { _ = Glibc.close(descriptor) }
}
