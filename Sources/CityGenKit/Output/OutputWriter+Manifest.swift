import Foundation

/// The previous build, as its manifest records it.
extension OutputWriter {
    static func readManifest(in root: URL) -> BuildManifest {
        BuildManifest.read(path: root.path + "/" + manifestName) ?? BuildManifest()
    }

    /// The manifest of the previous build, when it finished and its files still have their sizes and mtimes; also
    /// deletes an old generation a killed build left behind. Call with the folder's lock held.
    static func intactBuild(in root: URL) -> BuildManifest? {
        let root = root.standardizedFileURL
        let manifest = readManifest(in: root)
        guard manifest.summary != nil, !manifest.files.isEmpty, !FileManager.default.fileExists(atPath: root.path + "/" + markerName)
        else { return nil }
        let files = manifest.files, rootPath = root.path
        let intact = Parallel.map(files.indices, chunk: 4096) { i in
            files.record(at: i).map { status(of: rootPath + "/" + files.path(at: i)) == $0 } ?? false
        }
        guard !intact.contains(false) else { return nil }
        FolderExchange.removeTree(stagingFolder(of: root))
        return manifest
    }
}
