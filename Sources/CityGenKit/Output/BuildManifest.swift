/// `.citygen-manifest`: what citygen has written into an output folder, so that it can remove its stale files,
/// never touch anyone else's, and skip a build that would change nothing.
///
/// Text, one file a line (`path<TAB>size<TAB>mtime`, or the path alone for a file only planned), after a
/// version line and `# key value` lines of the summary. While a build runs, the manifest lists every file it
/// may write, before it writes any.
struct BuildManifest: Equatable {
    static let version = 2
    private static let versionLine = "citygen-manifest \(version)"

    /// What a finished build recorded about itself: enough to report it again when nothing changes.
    struct Summary: Equatable, Sendable {
        var fingerprint = ""
        /// The fingerprint of everything but the favorites: when only they changed, a build re-renders only the pages
        /// that show whether a city is a favorite.
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
    var files: [String: FileRecord?] = [:]

    /// The manifest as text.
    func encoded() -> [UInt8] {
        Self.encoded(summary: summary, files: files) { $0 }
    }

    /// The text of a manifest with `summary` and `files`, each file's record being `record(value)`: a writer's
    /// records need no copy into a manifest first (429,052 files at a build's peak of memory).
    static func encoded<Value>(summary: Summary?, files: [String: Value], record: (Value) -> FileRecord?) -> [UInt8] {
        var text = [UInt8]()
        text.reserveCapacity(files.count * 48 + 256)
        text += Array((Self.versionLine + "\n").utf8)
        if let summary {
            let fields: [(String, String)] = [
                ("basis", summary.basis), ("cities", String(summary.cities)),
                ("favoriteIDs", summary.favoriteIDs.map(String.init).joined(separator: ",")),
                ("favorites", String(summary.favorites)), ("files", String(summary.files)),
                ("fingerprint", summary.fingerprint), ("listPages", String(summary.listPages)), ("shards", String(summary.shards)),
                ("skipped", String(summary.skipped)),
            ]
            for (key, value) in fields where !value.isEmpty { text += Array("# \(key) \(value)\n".utf8) }
        }
        for path in files.keys.sorted() {
            text += path.utf8
            if let record = record(files[path]!) {
                text.append(0x09)
                text += String(record.size).utf8
                text.append(0x09)
                text += String(record.mtime).utf8
            }
            text.append(0x0A)
        }
        return text
    }

    init(summary: Summary? = nil, files: [String: FileRecord?] = [:]) {
        self.summary = summary
        self.files = files
    }

    /// Reads a manifest; lines it does not understand, and paths that would leave the folder, are ignored.
    /// A manifest without a version line (citygen before version 2) is read the same way.
    init(decoding text: String) {
        var summary: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if line == Self.versionLine[...] { continue }
            if line.hasPrefix("# ") {
                let parts = line.dropFirst(2).split(separator: " ", maxSplits: 1)
                if parts.count == 2 { summary[String(parts[0])] = String(parts[1]) }
                continue
            }
            let fields = line.split(separator: "\t")
            guard let path = fields.first.map(String.init), Self.isOwnPath(path) else { continue }
            if fields.count == 3, let size = Int(fields[1]), let mtime = Int(fields[2]) {
                files[path] = FileRecord(size: size, mtime: mtime)
            } else {
                files[path] = .some(nil)
            }
        }
        if let fingerprint = summary["fingerprint"] {
            let number = { (key: String) in Int(summary[key] ?? "") ?? 0 }
            self.summary = Summary(
                fingerprint: fingerprint, basis: summary["basis"] ?? "",
                favoriteIDs: (summary["favoriteIDs"] ?? "").split(separator: ",").compactMap { Int($0) }, cities: number("cities"), listPages: number("listPages"), shards: number("shards"),
                favorites: number("favorites"), skipped: number("skipped"), files: number("files"))
        }
    }

    /// A manifest line names a file below the root; anything else (an edited manifest) is ignored.
    private static func isOwnPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
