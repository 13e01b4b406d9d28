import CArchive
import Foundation
import ZimBridge

/// What a built site holds, counted as a host counts it: files, folders, bytes, the fullest folder and the
/// largest file, read from an output folder or streamed from an archive (only each folder's count is kept).
public struct SiteInventory: Sendable, Equatable {
    public private(set) var files = 0
    /// Bytes of the files' contents.
    public private(set) var bytes = 0
    /// Bytes of the headers (512 each) and contents padded to 512 of the site as one `.tar`.
    private var tarBlocks = 0
    public private(set) var largestFile: (path: String, bytes: Int)?
    /// Of a `.zim`: the entries in its title index (the pages Kiwix lists), and the file's own size.
    public private(set) var titles: Int?
    public private(set) var archiveBytes: Int?
    /// Entries (files and folders) directly in each folder; the site's root is "".
    private var entriesByFolder: [String: Int] = [:]

    public static func == (a: SiteInventory, b: SiteInventory) -> Bool {
        a.files == b.files && a.bytes == b.bytes && a.entriesByFolder == b.entriesByFolder
            && a.largestFile?.path == b.largestFile?.path && a.largestFile?.bytes == b.largestFile?.bytes
    }

    init() {}

    /// Bytes of the site as one `.tar` as citygen and GNU tar write it: two zero blocks end it, padded to a
    /// record of 10,240 bytes.
    public var tarBytes: Int { (tarBlocks + 1024 + 10_239) / 10_240 * 10_240 }

    /// Folders below the root.
    public var folders: Int { entriesByFolder.count - (entriesByFolder[""] == nil ? 0 : 1) }
    public var entries: Int { files + folders }
    /// The folder with the most entries (the root is "."), ties by path.
    public var largestFolder: (path: String, entries: Int)? {
        entriesByFolder.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key.isEmpty ? "." : $0.key, $0.value) }
    }

    /// Counts one file at `path` (relative, `/`-separated) and the folders that lead to it.
    mutating func add(_ path: String, bytes size: Int) {
        files += 1
        bytes += size
        tarBlocks += 512 + (size + 511) / 512 * 512
        if largestFile.map({ size > $0.bytes || (size == $0.bytes && path < $0.path) }) ?? true { largestFile = (path, size) }
        var child = Substring(path)
        while true {
            let parent = child.lastIndex(of: "/").map { child[..<$0] } ?? ""
            let count = entriesByFolder[String(parent), default: 0]
            entriesByFolder[String(parent)] = count + 1
            // A folder already seen is counted in its parent already.
            if parent.isEmpty || count > 0 { break }
            child = parent
        }
    }

    /// The site in an output folder, leaving out citygen's bookkeeping (`.citygen*`).
    public init(folder: URL) throws {
        try SiteFolderWalk.files(in: folder) { path, size in add(path, bytes: size) }
    }

    /// The site in an archive citygen can write (`.tar`, `.tar.gz`, `.zip`, `.zim`).
    public init(archive: URL) throws {
        guard let format = ArchiveFormat(path: archive.path) else {
            throw CityGenError.invalidOption(name: "archive", reason: "must end in \(ArchiveFormat.endings), not \"\(archive.lastPathComponent)\"")
        }
        guard FileManager.default.isReadableFile(atPath: archive.path) else {
            throw CityGenError.missingInput(what: "archive", path: archive.path, reason: nil)
        }
        do {
            if format == .zim { try readZim(archive) } else { try readArchive(archive) }
        } catch let error as ArchiveReadError {
            throw CityGenError.missingInput(what: "archive", path: archive.path, reason: "unreadable: \(error.reason)")
        }
    }

    struct ArchiveReadError: Error { let reason: String }

    /// Reads a `.tar`, `.tar.gz` or `.zip` through libarchive, entry headers only (a `.zip` by its central
    /// directory, where the sizes are).
    private mutating func readArchive(_ url: URL) throws {
        let reader = archive_read_new()
        defer { archive_read_free(reader) }
        archive_read_support_filter_gzip(reader)
        archive_read_support_format_tar(reader)
        archive_read_support_format_zip_seekable(reader)
        func failure() -> ArchiveReadError {
            ArchiveReadError(reason: archive_error_string(reader).map { String(cString: $0) } ?? "not an archive libarchive reads")
        }
        guard archive_read_open_filename(reader, url.path, 1 << 16) == ARCHIVE_OK else { throw failure() }
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == ARCHIVE_EOF { return }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw failure() }
            if archive_entry_filetype(entry) == ArchiveFormat.regularFile, let path = archive_entry_pathname_utf8(entry) {
                add(String(cString: path), bytes: Int(archive_entry_size(entry)))
            }
            guard archive_read_data_skip(reader) == ARCHIVE_OK else { throw failure() }
        }
    }

    /// Reads a `.zim` through libzim: every item entry (metadata and redirects are not site files).
    private mutating func readZim(_ url: URL) throws {
        final class Reading {
            var inventory = SiteInventory()
        }
        let reading = Reading()
        var articles: UInt64 = 0, size: UInt64 = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = zim_bridge_read(url.path, Unmanaged.passUnretained(reading).toOpaque(), { context, path, _, bytes in
            let reading = Unmanaged<Reading>.fromOpaque(context!).takeUnretainedValue()
            reading.inventory.add(String(cString: path!), bytes: Int(bytes))
        }, &articles, &size, &message, message.count)
        guard status == 0 else {
            throw ArchiveReadError(reason: ZimWriter.text(message))
        }
        self = reading.inventory
        titles = Int(articles)
        archiveBytes = Int(size)
    }
}
