import Foundation

/// What the whole-site switch carries from one generation of the folder to the next, and what an interrupted build
/// left behind.
extension OutputWriter {
    /// Links into the new generation every file of the old one that citygen did not write, and the lock, keeping
    /// their folders (empty folders are made again).
    func linkForeignFiles(from old: String, to new: String, previous: BuildManifest) throws {
        func visit(_ folder: String) throws {
            let path = folder.isEmpty ? old : old + "/" + folder
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            var empty = true
            try FolderEntry.forEach(in: directory) { entry in
                let name = entry.name
                empty = false
                let relative = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty, name == Self.manifestName || name == Self.markerName { return }
                if name.hasPrefix(Self.temporaryPrefix) || previous.files.contains(relative) { return }
                var info = stat()
                guard lstat(old + "/" + relative, &info) == 0 else { return }
                if info.st_mode & S_IFMT == S_IFDIR {
                    try visit(relative)
                    return
                }
                try Self.createFolder(URL(fileURLWithPath: new + "/" + folder))
                // EEXIST: this build wrote a file of that name; its own wins.
                guard link(old + "/" + relative, new + "/" + relative) == 0 || errno == EEXIST else {
                    throw CityGenError.writeFailed(path: new + "/" + relative, reason: String(cString: strerror(errno)))
                }
            }
            if empty { try Self.createFolder(URL(fileURLWithPath: new + "/" + folder)) }
        }
        try visit("")
    }

    /// Deletes the temporary files an interrupted build left in the root and in `folders`.
    func sweepTemporaryFiles(in folders: Set<String>) {
        for folder in [""] + folders.sorted() {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasPrefix(Self.temporaryPrefix) { unlink(path + "/" + name) }
        }
    }
}
