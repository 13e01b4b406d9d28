import Foundation

/// Splits a byte source into lines, a few MiB at a time: only the current buffer is in memory, whatever the
/// file's size. A line ends at `\n`; a `\r` before it is dropped; the last line may lack its `\n`.
enum LineReader {
    /// Bytes read from the source at a time.
    static let chunk = 4 << 20
    /// How much of the file's start `start` is shown (less only when the file is shorter).
    static let head = 1 << 16

    /// Calls `start` once with the file's first bytes (and whether that is the whole file), then `line` with
    /// each line and its 1-based number. The bytes are valid only during the call.
    static func read<Source: ByteSource>(
        _ source: inout Source, chunk: Int = Self.chunk,
        start: (UnsafeBufferPointer<UInt8>, _ whole: Bool) throws -> Void,
        line: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) throws {
        var buffer = Buffer(capacity: max(chunk, head))
        defer { buffer.free() }
        while buffer.filled < head, try buffer.fill(from: &source) {}
        try start(UnsafeBufferPointer(start: buffer.base, count: min(buffer.filled, head)), buffer.atEnd && buffer.filled <= head)
        var number = 0, begin = 0
        while true {
            while begin < buffer.filled, let newline = memchr(buffer.base + begin, 0x0A, buffer.filled - begin) {
                let end = buffer.base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                number += 1
                try line(buffer.line(begin..<end), number)
                begin = end + 1
            }
            if buffer.atEnd {
                if begin < buffer.filled {
                    number += 1
                    try line(buffer.line(begin..<buffer.filled), number)
                }
                return
            }
            buffer.dropFirst(begin)
            begin = 0
            _ = try buffer.fill(from: &source)
        }
    }

    /// One growable buffer: bytes `0..<filled` are read and not yet handed out.
    private struct Buffer {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private(set) var filled = 0
        private(set) var atEnd = false

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        func free() { base.deallocate() }

        /// Reads more after `filled`, doubling the buffer when a line fills it; false at the source's end.
        mutating func fill<Source: ByteSource>(from source: inout Source) throws -> Bool {
            if filled == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: base, count: filled)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            let count = try source.read(into: UnsafeMutableRawBufferPointer(start: base + filled, count: capacity - filled))
            filled += count
            atEnd = count == 0
            return !atEnd
        }

        /// Forgets the first `count` bytes, moving the rest to the start.
        mutating func dropFirst(_ count: Int) {
            guard count > 0 else { return }
            memmove(base, base + count, filled - count)
            filled -= count
        }

        /// The bytes of `range`, without a final `\r`.
        func line(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            let end = range.upperBound > range.lowerBound && base[range.upperBound - 1] == 0x0D ? range.upperBound - 1 : range.upperBound
            return UnsafeBufferPointer(start: base + range.lowerBound, count: end - range.lowerBound)
        }
    }
}
