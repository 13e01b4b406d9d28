import Foundation

/// `.citygen-manifest`: what citygen has written into an output folder, so that it can remove its stale files,
/// never touch anyone else's, and skip a build that would change nothing (format in docs/formats.md).
struct BuildManifest: Equatable, Sendable {
    static let version = 2
    private static let versionLine = "citygen-manifest \(version)"

    /// What a finished build recorded about itself: enough to report it again when nothing changes.
    struct Summary: Equatable, Sendable {
        var fingerprint = ""
        /// The fingerprint of everything but the favorites: when only they changed, only the pages that show them render.
        var basis = ""
        /// The ids of the favorites, in increasing order.
        var favoriteIDs: [Int] = []
        var cities = 0
        var listPages = 0
        var shards = 0
        var favorites = 0
        var skipped = 0
        var files = 0
    }

    /// A file as written: size and modification time (nanoseconds).
    struct FileRecord: Equatable, Sendable {
        let size: Int
        let mtime: Int
    }

    /// Nil for a manifest of planned files (a build in progress, or one that was interrupted).
    var summary: Summary?
    /// Every file, with its record once written.
    var files = ManifestFiles()

    /// The manifest as text.
    func encoded() -> [UInt8] {
        var text = Self.header
        let order = files.indices.map(files.path(at:)).enumerated().sorted { $0.element < $1.element }
        for (index, path) in order { Self.appendLine(path, files.record(at: index), to: &text) }
        return text + Self.summaryLines(summary)
    }

    /// The first line of every manifest.
    static var header: [UInt8] { Array((versionLine + "\n").utf8) }

    /// The line of one file: `path<TAB>size<TAB>mtime`, or the path alone for a file only planned.
    static func appendLine(_ path: String, _ record: FileRecord?, to text: inout [UInt8]) {
        text += path.utf8
        if let record {
            text.append(0x09)
            text += String(record.size).utf8
            text.append(0x09)
            text += String(record.mtime).utf8
        }
        text.append(0x0A)
    }

    /// The `# key value` lines of `summary`, which end the manifest of a finished build.
    static func summaryLines(_ summary: Summary?) -> [UInt8] {
        guard let summary else { return [] }
        let fields: [(String, String)] = [
            ("basis", summary.basis), ("cities", String(summary.cities)),
            ("favoriteIDs", summary.favoriteIDs.map(String.init).joined(separator: ",")),
            ("favorites", String(summary.favorites)), ("files", String(summary.files)),
            ("fingerprint", summary.fingerprint), ("listPages", String(summary.listPages)), ("shards", String(summary.shards)),
            ("skipped", String(summary.skipped)),
        ]
        return Array(fields.filter { !$0.1.isEmpty }.map { "# \($0.0) \($0.1)\n" }.joined().utf8)
    }

    init(summary: Summary? = nil, files: ManifestFiles = [:]) {
        self.summary = summary
        self.files = files
    }

    /// Reads a manifest, with or without its version line; lines it does not understand, and paths that would leave
    /// the folder, are ignored. Works on the bytes: a no-op rebuild reads a line per file of the site.
    init(decoding text: [UInt8]) {
        self.init(chunks: CollectionOfOne(text), size: text.count)
    }

    /// Reads the manifest file at `path`, 4 MiB at a time: a large site's manifest, which a rebuild need not hold
    /// beside the list it makes of it. Nil when the file cannot be opened.
    static func read(path: String) -> BuildManifest? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        let chunks = AnySequence {
            AnyIterator { () -> [UInt8]? in
                var chunk = [UInt8](repeating: 0, count: 1 << 22)
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return nil }
                chunk.removeLast(chunk.count - count)
                return chunk
            }
        }
        return BuildManifest(chunks: chunks, size: size)
    }

    /// Reads the text given as consecutive `chunks`, `size` bytes in all (a hint for the room to reserve).
    init(chunks: some Sequence<[UInt8]>, size: Int) {
        var summary: [String: String] = [:]
        var files = ManifestFiles()
        files.reserveCapacity(size / 40, pathBytes: size / 2)
        let versionLine = Array(Self.versionLine.utf8)
        func read(_ line: UnsafeBufferPointer<UInt8>) {
            if line.isEmpty || line.elementsEqual(versionLine) { return }
            if line.count >= 2, line[0] == UInt8(ascii: "#"), line[1] == UInt8(ascii: " ") {
                let rest = line[2...]
                let parts = rest.split(separator: UInt8(ascii: " "), maxSplits: 1)
                if parts.count == 2 { summary[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self) }
                return
            }
            let fields = line.split(separator: 0x09)
            guard let first = fields.first, Self.isOwnPath(first) else { return }
            let path = String(decoding: first, as: UTF8.self)
            if fields.count == 3, let size = Int(String(decoding: fields[1], as: UTF8.self)),
                let mtime = Int(String(decoding: fields[2], as: UTF8.self))
            {
                files.set(FileRecord(size: size, mtime: mtime), for: path)
            } else {
                files.set(nil, for: path)
            }
        }
        // The lines of each chunk, a line cut by the chunk's end carried over to the next.
        var pending: [UInt8] = []
        for chunk in chunks {
            pending += chunk
            let used = pending.withUnsafeBufferPointer { text in
                var start = 0
                while let end = text[start...].firstIndex(of: 0x0A) {
                    read(UnsafeBufferPointer(rebasing: text[start..<end]))
                    start = end + 1
                }
                return start
            }
            pending.removeFirst(used)
        }
        pending.withUnsafeBufferPointer { read($0) }
        self.files = files
        if let fingerprint = summary["fingerprint"] {
            let number = { (key: String) in Int(summary[key] ?? "") ?? 0 }
            self.summary = Summary(
                fingerprint: fingerprint, basis: summary["basis"] ?? "",
                favoriteIDs: (summary["favoriteIDs"] ?? "").split(separator: ",").compactMap { Int($0) }, cities: number("cities"), listPages: number("listPages"), shards: number("shards"),
                favorites: number("favorites"), skipped: number("skipped"), files: number("files"))
        }
    }

    /// A manifest line names a file below the root; anything else (an edited manifest) is ignored.
    private static func isOwnPath(_ path: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = path.first, first != UInt8(ascii: "/") else { return false }
        return !path.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual("..".utf8) }
    }
}
