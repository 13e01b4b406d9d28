extension Array where Element == UInt8 {
    /// Appends a string's UTF-8 bytes in one copy. The generic `+=` of a sequence walks a `String.UTF8View` through
    /// its iterator protocol with a retain and release of the string, and a page appends hundreds of texts.
    static func += (bytes: inout [UInt8], text: String.UTF8View) {
        if text.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: text) }
    }
}
