import Foundation

/// The tab-separated fields of one line, as ranges of the line's bytes: splitting makes no string.
struct TabFields {
    let line: UnsafeBufferPointer<UInt8>
    /// Where each of the first `capacity` fields ends (the offset of its tab, or the line's end).
    private let ends: UnsafeMutablePointer<Int>
    /// How many fields the line has (all of them counted, even beyond those recorded).
    let count: Int

    /// Splits `line`, recording the ends of at most `capacity` fields in `ends`.
    init(_ line: UnsafeBufferPointer<UInt8>, ends: UnsafeMutablePointer<Int>, capacity: Int) {
        self.line = line
        self.ends = ends
        var count = 0, position = 0
        let base = line.baseAddress
        while let base, let tab = memchr(base + position, 0x09, line.count - position) {
            let end = base.distance(to: tab.assumingMemoryBound(to: UInt8.self))
            if count < capacity { ends[count] = end }
            count += 1
            position = end + 1
        }
        if count < capacity { ends[count] = line.count }
        self.count = count + 1
    }

    /// The bytes of field `i` (0-based; `i` below the capacity and the count).
    subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
        let start = i == 0 ? 0 : ends[i - 1] + 1
        return UnsafeBufferPointer(rebasing: line[start..<ends[i]])
    }

    /// Field `i` as a string.
    func string(_ i: Int) -> String {
        String(decoding: self[i], as: UTF8.self)
    }
}
