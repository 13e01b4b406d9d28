import CZlib
import Foundation
import ZimBridge

/// What a built site holds, counted as a host counts it: files, folders, bytes, the fullest folder and the
/// largest file. Read from an output folder or from a `.tar`, `.tar.gz` or `.zip` archive, streamed: only the
/// per-folder entry counts are kept.
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

    /// The site in an archive citygen can write (`.tar`, `.tar.gz`, `.zip`).
    public init(archive: URL) throws {
        guard let format = ArchiveFormat(path: archive.path) else {
            throw CityGenError.invalidOption(name: "archive", reason: "must end in \(ArchiveFormat.endings), not \"\(archive.lastPathComponent)\"")
        }
        guard let handle = FileHandle(forReadingAtPath: archive.path) else {
            throw CityGenError.missingInput(what: "archive", path: archive.path, reason: nil)
        }
        defer { try? handle.close() }
        do {
            switch format {
            case .tar: try readTar(ByteStream(handle))
            case .tarGzip: try readTar(ByteStream(handle, gzip: true))
            case .zip: try readZip(handle)
            case .zim: try readZim(archive)
            }
        } catch let error as ArchiveReadError {
            throw CityGenError.missingInput(what: "archive", path: archive.path, reason: "unreadable: \(error.reason)")
        }
    }

    struct ArchiveReadError: Error { let reason: String }

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
            throw ArchiveReadError(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self = reading.inventory
        titles = Int(articles)
        archiveBytes = Int(size)
    }

    private mutating func readTar(_ stream: ByteStream) throws {
        while true {
            let header = try stream.read(512)
            guard header.count == 512 else { throw ArchiveReadError(reason: "the tar ends inside a header") }
            if header.allSatisfy({ $0 == 0 }) { return }
            func field(_ range: Range<Int>) -> String {
                String(decoding: header[range].prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let size = Int(field(124..<136).trimmingCharacters(in: .whitespaces), radix: 8) else {
                throw ArchiveReadError(reason: "a tar header has no valid size")
            }
            let prefix = field(345..<500)
            let name = (prefix.isEmpty ? "" : prefix + "/") + field(0..<100)
            let type = header[156]
            if type == UInt8(ascii: "0") || type == 0 { add(name, bytes: size) }
            guard try stream.skip((size + 511) / 512 * 512) else { throw ArchiveReadError(reason: "the tar ends inside \(name)") }
        }
    }

    private mutating func readZip(_ handle: FileHandle) throws {
        let length = try handle.seekToEnd()
        // The end record (22 bytes, citygen writes no comment), preceded by the Zip64 locator when present.
        guard length >= 22 else { throw ArchiveReadError(reason: "too short for a zip") }
        try handle.seek(toOffset: length - min(length, 98))
        let tail = [UInt8](try handle.readToEnd() ?? Data())
        let end = tail.count - 22
        guard tail.le32(end) == 0x0605_4b50 else { throw ArchiveReadError(reason: "no zip end record (a comment, or not a zip)") }
        var entries = Int(tail.le16(end + 10)), offset = Int(tail.le32(end + 16))
        if entries == 0xFFFF || offset == 0xFFFF_FFFF {
            guard end >= 76, tail.le32(end - 20) == 0x0706_4b50, tail.le32(end - 76) == 0x0606_4b50 else {
                throw ArchiveReadError(reason: "no Zip64 end record")
            }
            entries = Int(tail.le64(end - 76 + 32))
            offset = Int(tail.le64(end - 76 + 48))
        }
        try handle.seek(toOffset: UInt64(offset))
        let stream = ByteStream(handle)
        for _ in 0..<entries {
            let record = try stream.read(46)
            guard record.count == 46, record.le32(0) == 0x0201_4b50 else { throw ArchiveReadError(reason: "a damaged zip directory") }
            let nameLength = Int(record.le16(28)), extraLength = Int(record.le16(30)), commentLength = Int(record.le16(32))
            let name = try stream.read(nameLength)
            let extra = try stream.read(extraLength)
            _ = try stream.read(commentLength)
            var size = Int(record.le32(24))
            if size == 0xFFFF_FFFF, extra.count >= 12, extra.le16(0) == 1 { size = Int(extra.le64(4)) }
            let path = String(decoding: name, as: UTF8.self)
            if !path.hasSuffix("/") { add(path, bytes: size) }
        }
    }
}

/// Bytes read in order from a file, inflated when it is gzip.
private final class ByteStream {
    private let handle: FileHandle
    /// zlib's state, at an address that does not move (zlib checks that it does not).
    private var stream: UnsafeMutablePointer<z_stream>?
    private var input: [UInt8] = []
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    init(_ handle: FileHandle, gzip: Bool = false) {
        self.handle = handle
        if gzip {
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            if inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK {
                self.stream = stream
            } else {
                stream.deallocate()
            }
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
    }

    /// Up to `count` bytes; fewer only at the end.
    func read(_ count: Int) throws -> [UInt8] {
        while buffer.count - position < count, try fill() {}
        let taken = Array(buffer[position..<min(buffer.count, position + count)])
        position += taken.count
        return taken
    }

    /// Skips `count` bytes; false when the stream ends first.
    func skip(_ count: Int) throws -> Bool {
        var left = count
        while left > 0 {
            if position == buffer.count, !(try fill()) { return false }
            let step = min(left, buffer.count - position)
            position += step
            left -= step
        }
        return true
    }

    /// Appends the next chunk; false at the end.
    private func fill() throws -> Bool {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        guard !ended else { return false }
        guard let stream else {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { ended = true }
            buffer += chunk
            return !chunk.isEmpty
        }
        if input.isEmpty {
            input = [UInt8](try handle.read(upToCount: 1 << 20) ?? Data())
            if input.isEmpty { throw SiteInventory.ArchiveReadError(reason: "the gzip data ends early") }
        }
        var output = [UInt8](repeating: 0, count: 1 << 20)
        let (status, used, made) = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.pointee.next_in = inBuffer.baseAddress
                stream.pointee.avail_in = uInt(inBuffer.count)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = uInt(outBuffer.count)
                let status = inflate(stream, Z_NO_FLUSH)
                return (status, inBuffer.count - Int(stream.pointee.avail_in), outBuffer.count - Int(stream.pointee.avail_out))
            }
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw SiteInventory.ArchiveReadError(reason: "corrupt gzip data")
        }
        input.removeFirst(used)
        buffer += output[..<made]
        if status == Z_STREAM_END { ended = true }
        return made > 0 || used > 0 || ended
    }
}

private extension Array where Element == UInt8 {
    func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func le32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(self[at + $1]) << (8 * $1) } }
    func le64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(self[at + $1]) << (8 * $1) } }
}
