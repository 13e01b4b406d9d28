/// Byte-wise comparison of UTF-8, which is the same as comparing by Unicode scalar values (SPEC §3).
enum ByteString {
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in compare(l, r) } }
    }

    static func compare(_ l: UnsafeBufferPointer<UInt8>, _ r: UnsafeBufferPointer<UInt8>) -> Int {
        for i in 0..<min(l.count, r.count) where l[i] != r[i] {
            return l[i] < r[i] ? -1 : 1
        }
        return l.count == r.count ? 0 : (l.count < r.count ? -1 : 1)
    }

    static func hasPrefix(_ bytes: [UInt8], _ prefix: ArraySlice<UInt8>) -> Bool {
        bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix)
    }

    /// The length in bytes of the UTF-8 character that starts at `bytes[index]`.
    static func characterLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int where Bytes.Index == Int {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end - index
    }
}
