/// A built site measured against a host's limits (`citygen check --host`, and the end of a `--host` build).
public struct HostCheck: Sendable {
    public let host: HostProfile
    public let inventory: SiteInventory

    public init(host: HostProfile, inventory: SiteInventory) {
        self.host = host
        self.inventory = inventory
    }

    /// One measured figure, with the host's limit for it when it has one.
    public struct Row: Sendable, Equatable {
        public let name: String
        public let value: Int
        /// Where the figure was measured (the largest folder's or file's path).
        public let at: String?
        public let limit: Int?
        public var exceeded: Bool { limit.map { value > $0 } ?? false }
    }

    public var rows: [Row] {
        let limits = host.limits
        let folder = inventory.largestFolder
        let file = inventory.largestFile
        let zim = [("titles", inventory.titles), ("archive bytes", inventory.archiveBytes)].compactMap { name, value in
            value.map { Row(name: name, value: $0, at: nil, limit: nil) }
        }
        return [
            Row(name: "files", value: inventory.files, at: nil, limit: limits.files),
            Row(name: "folders", value: inventory.folders, at: nil, limit: nil),
            Row(name: "entries", value: inventory.entries, at: nil, limit: limits.entries),
            Row(name: "largest folder", value: folder?.entries ?? 0, at: folder?.path, limit: limits.folderEntries),
            Row(name: "largest file", value: file?.bytes ?? 0, at: file?.path, limit: limits.fileBytes),
            Row(name: "bytes", value: inventory.bytes, at: nil, limit: limits.bytes),
            Row(name: "bytes as .tar", value: inventory.tarBytes, at: nil, limit: limits.tarBytes),
        ] + zim
    }

    /// The limits exceeded, each as `name value > limit`; empty when the site fits.
    public var exceeded: [String] {
        rows.filter(\.exceeded).map { row in
            "\(row.name) \(Digits.grouped(row.value))\(row.at.map { " (\($0))" } ?? "") > \(Digits.grouped(row.limit!))"
        }
    }

    /// The table `citygen check --host` prints.
    public var report: String {
        var lines = ["\(host.displayName) (\(host.rawValue)):"]
        for row in rows {
            var line = "  " + row.name.padding(toLength: 15, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: max(0, 14 - Digits.grouped(row.value).count)) + Digits.grouped(row.value)
            line += row.limit.map { "  limit \(Digits.grouped($0))" + ($0 < row.value ? "  EXCEEDED" : "  ok") } ?? "  no limit"
            if let at = row.at { line += "  (\(at))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
