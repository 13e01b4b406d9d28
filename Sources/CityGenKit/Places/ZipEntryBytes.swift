import CArchive
import Foundation

/// The first `.txt` file in a `.zip`, read through libarchive as it is inflated (GeoNames ships its tables
/// one to a zip).
final class ZipEntryBytes: ByteSource {
    private let reader: OpaquePointer
    /// A copy of the zip's bytes, when read from memory: libarchive reads them in place, so they must stay put as
    /// long as it reads.
    private let copy: UnsafeMutableRawBufferPointer?
    /// The entry being read.
    private(set) var entryName = ""
    /// libarchive's file type of a regular file (`AE_IFREG`, a macro Swift does not import).
    private static let regularFile: UInt32 = 0o100000

    /// Opens the zip at `path`, or `data` when given, and finds its first `.txt`.
    init(path: String?, data: Data?) throws {
        reader = archive_read_new()
        copy = data.map { data in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 1)
            copy.copyBytes(from: data)
            return copy
        }
        archive_read_support_format_zip(reader)
        let opened: Int32
        if let copy {
            opened = archive_read_open_memory(reader, copy.baseAddress, copy.count)
        } else {
            opened = archive_read_open_filename(reader, path ?? "", 1 << 20)
        }
        guard opened == ARCHIVE_OK else { throw damaged() }
        try findText()
    }

    deinit {
        archive_read_free(reader)
        copy?.deallocate()
    }

    private func findText() throws {
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == ARCHIVE_EOF { throw TableError.notATable(found: "a zip with no .txt") }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw damaged() }
            if archive_entry_filetype(entry) == Self.regularFile,
                let path = archive_entry_pathname_utf8(entry).map({ String(cString: $0) }),
                path.lowercased().hasSuffix(".txt"),
                // GeoNames' alternate names zip also holds the list of its language codes.
                path.lowercased() != "iso-languagecodes.txt"
            {
                entryName = path
                return
            }
            guard archive_read_data_skip(reader) == ARCHIVE_OK else { throw damaged() }
        }
    }

    private func damaged() -> TableError {
        let reason = archive_error_string(reader).map { String(cString: $0) } ?? "unreadable"
        return TableError.notATable(found: "a damaged zip (\(reason))")
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = archive_read_data(reader, buffer.baseAddress, buffer.count)
        guard count >= 0 else { throw damaged() }
        return count
    }
}
