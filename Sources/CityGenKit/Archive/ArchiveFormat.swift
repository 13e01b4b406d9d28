/// The kind of archive `--archive PATH` writes, chosen by the path's ending.
public enum ArchiveFormat: String, Sendable, CaseIterable {
    case tar
    case tarGzip = "tar.gz"
    case zip
    /// openZIM's format, for Kiwix (`ZimWriter`).
    case zim

    /// libarchive's `AE_IFREG` (a C cast macro that Swift does not import): an entry that is a regular file.
    static let regularFile: UInt32 = 0o100000

    /// The endings, for help texts and errors.
    public static let endings = ".tar, .tar.gz, .tgz, .zip or .zim"

    /// The format for `path` (`.tar`, `.tar.gz` or `.tgz`, `.zip`, `.zim`), or nil for any other ending.
    public init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") {
            self = .tarGzip
        } else if name.hasSuffix(".tar") {
            self = .tar
        } else if name.hasSuffix(".zip") {
            self = .zip
        } else if name.hasSuffix(".zim") {
            self = .zim
        } else {
            return nil
        }
    }

    /// The date written for every entry: `SOURCE_DATE_EPOCH` when set (reproducible-builds.org), else
    /// 2000-01-01T00:00:00Z, so that the same inputs give the same archive bytes.
    public static func entryDate(environment: [String: String]) -> Int {
        if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int(text), seconds >= 315_532_800 { return seconds }
        return 946_684_800
    }
}
