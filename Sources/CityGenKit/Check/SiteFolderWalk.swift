import Foundation

/// The regular files of a built site's folder, walked with `readdir` and `fstatat` (no `URL` a file), leaving out
/// `.citygen*` and what is below it. Symbolic links are not followed.
enum SiteFolderWalk {
    /// Calls `visit` with each regular file's path relative to `root` (`/`-separated) and its size in bytes, in
    /// no particular order. Throws `missingInput` when `root` is not a folder.
    static func files(in root: URL, _ visit: (String, Int) throws -> Void) throws {
        guard let folder = opendir(root.path) else {
            throw CityGenError.missingInput(what: "site folder", path: root.path, reason: nil)
        }
        try walk(folder, prefix: "", visit)
    }

    /// Walks the open `folder` (and closes it), whose entries' relative paths start with `prefix`.
    private static func walk(_ folder: OpaquePointer, prefix: String, _ visit: (String, Int) throws -> Void) throws {
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        try FolderEntry.forEach(in: folder) { entry in
            let name = entry.name
            if name.hasPrefix(SiteLayout.bookkeepingPrefix) { return }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                try visit(prefix + name, Int(info.st_size))
            case S_IFDIR:
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0, let sub = fdopendir(child) else {
                    if child >= 0 { close(child) }
                    return
                }
                try walk(sub, prefix: prefix + name + "/", visit)
            default:
                return
            }
        }
    }
}
