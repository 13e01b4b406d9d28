/// Byte-wise comparison of UTF-8, which is the same as comparing by Unicode scalar values (SPEC §3).
enum ByteString {
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { l in
            rhs.withUnsafeBufferPointer { r in
                let common = min(l.count, r.count)
                for i in 0..<common where l[i] != r[i] {
                    return l[i] < r[i] ? -1 : 1
                }
                return l.count == r.count ? 0 : (l.count < r.count ? -1 : 1)
            }
        }
    }

    static func hasPrefix(_ bytes: [UInt8], _ prefix: ArraySlice<UInt8>) -> Bool {
        bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix)
    }
}
