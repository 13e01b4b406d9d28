import Foundation

/// Swaps two folders in one step (Linux `renameat2` with `RENAME_EXCHANGE`): a reader that opens a path
/// inside either sees all of the old folder or all of the new one.
enum FolderExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// Glibc declares `renameat2` only for C with `_GNU_SOURCE`, so Swift does not see it: looked up by name.
    private static let renameat2: RenameAt2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2")
        .map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE

    /// Why `folder` cannot be replaced by exchanging it with `sibling`, or nil when it can: it is a mount point,
    /// its parent cannot hold the sibling, or the system or file system cannot exchange (tried on two empty
    /// folders of this process's own).
    static func whyImpossible(for folder: String, beside sibling: String) -> String? {
        let parent = (folder as NSString).deletingLastPathComponent
        var folderInfo = stat(), parentInfo = stat()
        guard stat(folder, &folderInfo) == 0, stat(parent, &parentInfo) == 0 else { return "cannot read \(parent)" }
        if folderInfo.st_dev != parentInfo.st_dev { return "\(folder) is a mount point" }
        guard let renameat2 else { return "this system cannot exchange two folders (no renameat2)" }
        let probe = sibling + ".probe.\(getpid())"
        defer {
            rmdir(probe + ".a")
            rmdir(probe + ".b")
        }
        guard mkdir(probe + ".a", 0o755) == 0, mkdir(probe + ".b", 0o755) == 0 else {
            return "cannot create a folder beside it in \(parent): \(String(cString: strerror(errno)))"
        }
        guard renameat2(AT_FDCWD, probe + ".a", AT_FDCWD, probe + ".b", exchangeFlag) == 0 else {
            return "its file system cannot exchange two folders: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Swaps `first` and `second`, both existing folders.
    static func exchange(_ first: String, _ second: String) throws {
        guard let renameat2, renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0 else {
            throw CityGenError.writeFailed(path: second, reason: "cannot put the new site in place: \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes `path` and everything under it, if it exists, sub-folders on all cores; never follows a symbolic link.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        var folders: [String] = []
        if let directory = opendir(path) {
            FolderEntry.forEach(in: directory) { entry in
                if entry.mayBeFolder {
                    folders.append(path + "/" + entry.name)
                } else {
                    unlink(path + "/" + entry.name)
                }
            }
            closedir(directory)
        }
        let found = folders
        try? Parallel.forEach(0..<found.count) { removeTree(found[$0]) }
        rmdir(path)
    }
}
