import Foundation

/// One entry of a folder as `readdir` gives it.
struct FolderEntry {
    /// The entry's name (never `.` or `..`).
    let name: String
    /// `d_type`: `DT_DIR`, `DT_REG`, … or `DT_UNKNOWN` when the file system does not say.
    let type: UInt8

    /// Whether the entry may be a folder (`DT_UNKNOWN` may be one: the caller has to `stat` it).
    var mayBeFolder: Bool { type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) }

    /// The name of the record at `record`, read up to its NUL: glibc's records are only as long as their names, so
    /// copying the 256-byte `d_name` (or the `dirent`) could read past `readdir`'s buffer.
    static func name(of record: UnsafePointer<dirent>) -> String {
        let field = UnsafeRawPointer(record) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: field.assumingMemoryBound(to: CChar.self))
    }

    /// The `d_type` of the record at `record`, read alone.
    static func type(of record: UnsafePointer<dirent>) -> UInt8 {
        (UnsafeRawPointer(record) + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).load(as: UInt8.self)
    }

    /// The one directory reader: calls `body` with each entry of the open folder `folder`, in `readdir`'s order,
    /// `.` and `..` left out. The caller keeps and closes `folder`.
    static func forEach(in folder: OpaquePointer, _ body: (FolderEntry) throws -> Void) rethrows {
        while let record = readdir(folder) {
            let name = name(of: record)
            if name == "." || name == ".." { continue }
            try body(FolderEntry(name: name, type: type(of: record)))
        }
    }
}
