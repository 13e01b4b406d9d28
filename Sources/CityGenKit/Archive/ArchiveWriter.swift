import Foundation

/// Writes a built site straight into one `.tar`, `.tar.gz` or `.zip` file: streamed (an entry is
/// written as it comes and nothing of it is kept, apart from a `.zip`'s central directory, which is spooled to
/// an unlinked temporary file), deterministic (the caller adds entries in path order; one date, uid/gid 0,
/// mode 0644 for every entry) and atomic (a temporary file beside the destination, renamed over it at the end).
public final class ArchiveWriter: SiteArchive {
    public let destination: URL
    public let format: ArchiveFormat
    /// Seconds since 1970 written as every entry's modification time.
    public let date: Int
    private let temporary: URL
    private let file: FileHandle
    private var buffer: [UInt8] = []
    private var offset = 0
    private var gzip: Deflater?
    private var zip: ZipState?
    public private(set) var entries = 0
    public private(set) var bytes = 0

    /// A `.zip`'s running state: a deflate stream reused per entry, and the central directory so far.
    private struct ZipState {
        let deflater: Deflater
        let directory: FileHandle
        var directoryBytes = 0
    }

    public init(destination: URL, format: ArchiveFormat, date: Int) throws {
        self.destination = destination
        self.format = format
        self.date = date
        let folder = destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).citygen-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil), let file = FileHandle(forWritingAtPath: temporary.path) else {
            throw CityGenError.writeFailed(path: destination.path, reason: "cannot create \(temporary.path)")
        }
        self.file = file
        switch format {
        case .tar: break
        case .tarGzip: gzip = try Deflater(.gzip, level: 9)
        case .zip:
            guard let spool = tmpfile() else { throw CityGenError.writeFailed(path: destination.path, reason: "cannot create a temporary file") }
            zip = ZipState(deflater: try Deflater(.raw, level: 9), directory: FileHandle(fileDescriptor: dup(fileno(spool)), closeOnDealloc: true))
            fclose(spool)
        case .zim: preconditionFailure("ZimWriter writes a .zim")
        }
    }

    /// Adds the file `path` (relative, with `/`) holding `contents`.
    public func add(_ path: String, _ contents: [UInt8]) throws {
        switch format {
        case .tar, .tarGzip:
            try emit(try TarHeader.encode(path: path, size: contents.count, date: date))
            try emit(contents)
            let padding = (512 - contents.count % 512) % 512
            if padding > 0 { try emit([UInt8](repeating: 0, count: padding)) }
        case .zip, .zim:
            try addToZip(path, contents)
        }
        entries += 1
        bytes += contents.count
    }

    /// Ends the archive and renames it over the destination.
    public func finish() throws {
        switch format {
        case .tar, .tarGzip:
            // Two zero blocks end a tar; GNU tar pads to a record of 20 blocks.
            let end = offset + 1024
            try emit([UInt8](repeating: 0, count: 1024 + (10_240 - end % 10_240) % 10_240))
        case .zip, .zim:
            try finishZip()
        }
        try flush(final: true)
        do {
            try file.synchronize()
            try file.close()
            guard rename(temporary.path, destination.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            abandon()
            throw CityGenError.writeFailed(path: destination.path, reason: "\(error)")
        }
    }

    /// Deletes the unfinished temporary file; the destination stays as it was.
    public func abandon() {
        try? file.close()
        unlink(temporary.path)
    }

    // MARK: Bytes out

    private func emit(_ data: [UInt8]) throws {
        offset += data.count
        if let gzip {
            try gzip.deflate(data, finish: false) { try self.write($0) }
        } else {
            try write(data)
        }
    }

    private func flush(final: Bool) throws {
        if final, let gzip { try gzip.deflate([], finish: true) { try self.write($0) } }
        if !buffer.isEmpty {
            try writeOut(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private func write(_ data: [UInt8]) throws {
        buffer += data
        if buffer.count >= 1 << 20 { try flush(final: false) }
    }

    private func writeOut(_ data: [UInt8]) throws {
        do {
            try file.write(contentsOf: data)
        } catch {
            throw CityGenError.writeFailed(path: destination.path, reason: "\(error)")
        }
    }

    // MARK: zip

    private func addToZip(_ path: String, _ contents: [UInt8]) throws {
        guard var zip else { return }
        var compressed: [UInt8] = []
        zip.deflater.reset()
        try zip.deflater.deflate(contents, finish: true) { compressed += $0 }
        let stored = compressed.count >= contents.count
        let entry = ZipRecords.Entry(
            path: Array(path.utf8), crc: Deflater.crc32(contents), size: contents.count, compressedSize: stored ? contents.count : compressed.count,
            method: stored ? 0 : 8, offset: offset, date: date)
        guard entry.path.count <= 0xFFFF else { throw CityGenError.writeFailed(path: path, reason: "the path is too long for a zip entry") }
        try emit(ZipRecords.localHeader(entry))
        try emit(stored ? contents : compressed)
        let record = ZipRecords.centralRecord(entry)
        do {
            try zip.directory.write(contentsOf: record)
        } catch {
            throw CityGenError.writeFailed(path: destination.path, reason: "\(error)")
        }
        zip.directoryBytes += record.count
        self.zip = zip
    }

    private func finishZip() throws {
        guard let zip else { return }
        let start = offset
        try zip.directory.seek(toOffset: 0)
        var left = zip.directoryBytes
        while left > 0 {
            let chunk = [UInt8](try zip.directory.read(upToCount: min(left, 1 << 20)) ?? Data())
            guard !chunk.isEmpty else { throw CityGenError.writeFailed(path: destination.path, reason: "the zip directory spool ended early") }
            try emit(chunk)
            left -= chunk.count
        }
        try emit(ZipRecords.end(entries: entries, directoryOffset: start, directorySize: zip.directoryBytes))
    }
}
