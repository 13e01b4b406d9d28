import CArchive
import Foundation

/// Writes a built site straight into one `.tar`, `.tar.gz` or `.zip` file through libarchive: streamed,
/// deterministic and atomic (docs/design.md, "Archives and ZIM"); no user names, no gzip date or name.
public final class ArchiveWriter: SiteArchive {
    public let destination: URL
    public let format: ArchiveFormat
    /// Seconds since 1970 written as every entry's modification time.
    public let date: Int
    private let temporary: URL
    private var archive: OpaquePointer?
    private let entry: OpaquePointer
    public private(set) var entries = 0
    public private(set) var bytes = 0

    public init(destination: URL, format: ArchiveFormat, date: Int) throws {
        precondition(format != .zim, "ZimWriter writes a .zim")
        self.destination = destination
        self.format = format
        self.date = date
        temporary = Self.temporaryFile(for: destination)
        archive = archive_write_new()
        entry = archive_entry_new()
        do {
            try configure()
            try check(archive_write_open_filename(archive, temporary.path))
        } catch {
            abandon()
            throw error
        }
    }

    deinit {
        if let archive { archive_write_free(archive) }
        archive_entry_free(entry)
    }

    /// The format and its options: ustar headers (pax only where ustar cannot say it) padded to a record of 10,240
    /// bytes as GNU tar pads (what `SiteInventory.tarBytes` predicts), gzip or deflate at level 9 without a date, a
    /// `.zip` unpadded.
    private func configure() throws {
        switch format {
        case .tar, .tarGzip:
            try check(archive_write_set_format_pax_restricted(archive))
            // Written out about a MiB at a time (libarchive's default is a write every 10,240 bytes), in whole records
            // so that the end is padded as GNU tar pads it.
            try check(archive_write_set_bytes_per_block(archive, 102 * 10_240))
            try check(archive_write_set_bytes_in_last_block(archive, 10_240))
            if format == .tarGzip {
                try check(archive_write_add_filter_gzip(archive))
                try check(archive_write_set_filter_option(archive, "gzip", "compression-level", "9"))
                try check(archive_write_set_filter_option(archive, "gzip", "timestamp", nil))
            }
        case .zip:
            try check(archive_write_set_format_zip(archive))
            try check(archive_write_set_format_option(archive, "zip", "compression-level", "9"))
            try check(archive_write_set_bytes_in_last_block(archive, 1))
        case .zim:
            preconditionFailure("ZimWriter writes a .zim")
        }
    }

    /// Adds the file `path` (relative, with `/`) holding `contents`.
    func add(_ file: SiteFiles.File) throws { try add(file.path, file.bytes) }

    /// Adds the file `path` (relative, with `/`) holding `contents`.
    public func add(_ path: String, _ contents: [UInt8]) throws {
        archive_entry_clear(entry)
        archive_entry_set_pathname_utf8(entry, path)
        archive_entry_set_filetype(entry, ArchiveFormat.regularFile)
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, la_int64_t(contents.count))
        archive_entry_set_mtime(entry, time_t(date), 0)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        try check(archive_write_header(archive, entry), path: path)
        let written = contents.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw failure(path: path) }
        entries += 1
        bytes += contents.count
    }

    /// Ends the archive and renames it over the destination.
    public func finish() throws {
        do {
            try check(archive_write_close(archive))
            guard rename(temporary.path, destination.path) == 0 else { throw CityGenError.writeFailed(path: destination.path, reason: String(cString: strerror(errno))) }
        } catch {
            abandon()
            throw error
        }
    }

    /// Deletes the unfinished temporary file; the destination stays as it was.
    public func abandon() {
        if let archive { archive_write_free(archive) }
        archive = nil
        unlink(temporary.path)
    }

    private func check(_ status: Int32, path: String? = nil) throws {
        guard status == ARCHIVE_OK else { throw failure(path: path) }
    }

    /// libarchive's message for the last failure, as the error that names the archive (and the entry, if any).
    private func failure(path: String?) -> CityGenError {
        let message = archive.flatMap { archive_error_string($0) }.map { String(cString: $0) } ?? "libarchive failed"
        return .writeFailed(path: destination.path, reason: path.map { "\($0): \(message)" } ?? message)
    }
}
