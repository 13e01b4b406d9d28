import Foundation

/// The room a build needs, checked before its first file.
extension OutputWriter {
    /// Fails early (exit 74) when the file system cannot hold what the build will add: the blocks and files of the
    /// pages in `sample` that differ from the folder's, scaled up to `planned` files, plus 5 % (`sample` may render lazily).
    /// A new generation left by a build of this folder that did not finish is removed first (the caller holds the
    /// folder's lock, so no build is writing it); those of other folders that no build is writing are named.
    public func checkSpace<Sample: Sequence<(path: String, bytes: [UInt8])>>(planned: Int, folders: Int, sample: Sample) throws {
        if case .wholeSiteSwitch(let next) = strategy { FolderExchange.removeTree(next) }
        var system = statvfs()
        guard statvfs(root.path, &system) == 0 else { return }
        let block = max(Int(system.f_frsize), 1)
        func blocks(_ size: Int) -> Int { (size + block - 1) / block * block }
        var bytes = 0, files = 0, sampled = 0
        for (path, new) in sample {
            sampled += 1
            let live = root.path + "/" + path
            let old = Self.status(of: live)
            if let old, Self.fileHolds(path: live, size: old.size, bytes: new) { continue }
            if strategy.writesANewGeneration || old == nil { files += 1 }
            bytes += strategy.writesANewGeneration ? blocks(new.count) : max(0, blocks(new.count) - blocks(old?.size ?? 0))
        }
        guard sampled > 0 else { return }
        let scale = 1.05 * Double(planned) / Double(sampled)
        let needed = CityGenError.Space(bytes: Int(Double(bytes) * scale) + folders * block, files: Int(Double(files) * scale) + folders)
        let available = CityGenError.Space(
            bytes: Int(system.f_bavail) * block, files: system.f_files == 0 ? Int.max : Int(system.f_favail))
        if needed.bytes > available.bytes || needed.files > available.files {
            // Beside the folder only a new generation's room is on the same file system.
            let abandoned = strategy.writesANewGeneration ? abandonedGenerations() : []
            throw CityGenError.noSpace(path: root.path, needed: needed, available: available, abandoned: abandoned)
        }
    }

    /// The new generations of the other folders beside this one (`.<name>.citygen-next`) whose folder no build holds
    /// the lock of: left by builds killed before they ended. A name for this very folder (a link to it) is not asked:
    /// closing its lock file would give up this build's own lock.
    func abandonedGenerations() -> [String] {
        let parent = root.deletingLastPathComponent(), suffix = Self.stagingSuffix
        var own = stat()
        guard stat(root.path, &own) == 0 else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0.hasPrefix(".") && $0.hasSuffix(suffix) }.sorted().filter { name in
            let folder = parent.appendingPathComponent(String(name.dropFirst().dropLast(suffix.count)))
            var other = stat()
            if stat(folder.path, &other) == 0, other.st_dev == own.st_dev, other.st_ino == own.st_ino { return false }
            return !OutputLock.isHeld(in: folder)
        }.map { parent.appendingPathComponent($0).path }
    }
}
