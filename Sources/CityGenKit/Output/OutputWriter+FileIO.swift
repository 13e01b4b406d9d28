import Foundation

/// Writing one file so that a reader sees it old or new, never half-written.
extension OutputWriter {
    static func status(of path: String) -> Record? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Record(info)
    }

    static func fileHolds(path: String, size: Int, bytes: [UInt8]) -> Bool {
        guard size == bytes.count, let existing = FileManager.default.contents(atPath: path), existing.count == size else { return false }
        // memcmp: Data's elementsEqual goes byte by byte through an iterator, and a full site compares about 1 GB.
        return size == 0 || existing.withUnsafeBytes { old in bytes.withUnsafeBytes { memcmp(old.baseAddress!, $0.baseAddress!, size) == 0 } }
    }

    /// Creates a file in the new generation, which no reader sees yet.
    static func createNew(path: String, with bytes: [UInt8]) throws -> Record {
        try writeFile(path, flags: O_EXCL, with: bytes, for: path)
    }

    /// Writes `bytes` into a new file at `file` (opened with `flags` besides create and write); on failure the file
    /// is removed and the error names `target`, the page it was for.
    static func writeFile(_ file: String, flags: Int32, with bytes: [UInt8], for target: String) throws -> Record {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { throw CityGenError.writeFailed(path: target, reason: String(cString: strerror(errno))) }
        let ok = writeAll(descriptor, bytes)
        let writeError = errno
        let record = status(of: descriptor)
        close(descriptor)
        guard ok, let record else {
            let error = ok ? errno : writeError
            unlink(file)
            throw CityGenError.writeFailed(path: target, reason: String(cString: strerror(error)))
        }
        return record
    }

    /// Creates a file that does not exist yet, atomically: an unnamed `O_TMPFILE` inode written and then linked into
    /// place (half the cost of write-then-rename on ext4); nil where that is not possible (then `replace`).
    static func create(path: String, with bytes: [UInt8]) -> Record? {
        #if os(Linux)
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))!
            let descriptor = open(String(path[..<slash]), unnamedTemporaryFile | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard writeAll(descriptor, bytes), let record = status(of: descriptor) else { return nil }
            return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? record : nil
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift overlay does not export.
        private static let unnamedTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    #endif

    /// Writes to a temporary name beside `path` and renames it over `path`.
    @discardableResult
    static func replace(path: String, with bytes: [UInt8]) throws -> Record {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))!
        let temporary = path[..<slash] + "/" + temporaryPrefix + path[path.index(after: slash)...]
        let record = try writeFile(temporary, flags: O_TRUNC, with: bytes, for: path)
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(error)))
        }
        return record
    }

    static func status(of descriptor: Int32) -> Record? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Record(info) : nil
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}
