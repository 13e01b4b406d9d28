import Foundation

/// Bytes read in order, a buffer at a time: a file, a `.zip` entry or bytes in memory. Nothing is kept beyond
/// what the reader asks for, so a 1.6 GB table streams.
protocol ByteSource {
    /// Fills the start of `buffer`; returns how many bytes it wrote, 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A file, read through its descriptor.
final class FileBytes: ByteSource {
    private let descriptor: Int32
    private let path: String

    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        self.path = path
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CityGenError.missingInput(what: "GeoNames file", path: path, reason: errno == ENOENT ? nil : reason)
        }
    }

    deinit { close(descriptor) }

    /// Whether the file starts with a zip signature; reads without moving the file's offset.
    func startsLikeZip() throws -> Bool {
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        return count == 4 && head.withUnsafeBufferPointer { TableSniffer.isZip($0) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else {
                throw CityGenError.missingInput(what: "GeoNames file", path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}

/// Bytes already in memory (tests, the fuzzer).
struct MemoryBytes: ByteSource {
    private let data: Data
    private var offset = 0

    init(_ data: Data) { self.data = data }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.startIndex + offset
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
        offset += count
        return count
    }
}
