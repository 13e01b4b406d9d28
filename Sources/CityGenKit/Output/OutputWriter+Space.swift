import Foundation

/// The room a build needs, checked before its first file.
extension OutputWriter {
    /// Fails early (exit 74) when the file system cannot hold what the build will add: the bytes, rounded up to
    /// whole blocks, and the files of the pages in `sample` that differ from the output folder's, scaled up to
    /// the `planned` number of files, plus 5 %. The sample is rendered anyway; the rest is not needed for this.
    public func checkSpace(planned: Int, folders: Int, sample: [(path: String, bytes: [UInt8])]) throws {
        var system = statvfs()
        guard !sample.isEmpty, statvfs(root.path, &system) == 0 else { return }
        let block = max(Int(system.f_frsize), 1)
        func blocks(_ size: Int) -> Int { (size + block - 1) / block * block }
        var bytes = 0, files = 0
        for (path, new) in sample {
            let live = root.path + "/" + path
            let old = Self.status(of: live)
            if let old, Self.fileHolds(path: live, size: old.size, bytes: new) { continue }
            if strategy.writesANewGeneration || old == nil { files += 1 }
            bytes += strategy.writesANewGeneration ? blocks(new.count) : max(0, blocks(new.count) - blocks(old?.size ?? 0))
        }
        let scale = 1.05 * Double(planned) / Double(sample.count)
        let needed = CityGenError.Space(bytes: Int(Double(bytes) * scale) + folders * block, files: Int(Double(files) * scale) + folders)
        let available = CityGenError.Space(
            bytes: Int(system.f_bavail) * block, files: system.f_files == 0 ? Int.max : Int(system.f_favail))
        if needed.bytes > available.bytes || needed.files > available.files {
            throw CityGenError.noSpace(path: root.path, needed: needed, available: available)
        }
    }
}
