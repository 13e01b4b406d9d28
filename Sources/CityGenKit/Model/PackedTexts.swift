/// Texts of the catalog's cities (folded names, labels) as UTF-8 in one byte buffer: the text and 4 bytes a city,
/// where an array or a long string each would take about 100.
struct PackedTexts: Sendable {
    private let bytes: [UInt8]
    /// Where each text ends in `bytes`; text `i` starts where text `i - 1` ends.
    private let ends: [UInt32]

    /// `Fold.fold` of each of `texts`, folded on all cores (folding is most of the sort's cost).
    init(folding texts: [String]) {
        self.init(count: texts.count) { Fold.fold(texts[$0]) }
    }

    /// `text(i)` for each `i` in `0..<count`, made on all cores.
    init(count: Int, _ text: @Sendable (Int) -> String) {
        let chunk = 4096
        let parts = Parallel.map(0..<(count + chunk - 1) / chunk, chunk: 1) { c in
            var bytes: [UInt8] = [], lengths: [Int] = []
            for i in (c * chunk)..<min(count, (c + 1) * chunk) {
                let text = text(i).utf8
                bytes += text
                lengths.append(text.count)
            }
            return (bytes: bytes, lengths: lengths)
        }
        var bytes: [UInt8] = [], ends: [UInt32] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        ends.reserveCapacity(count)
        for part in parts {
            bytes += part.bytes
            for length in part.lengths {
                ends.append((ends.last ?? 0) + UInt32(length))
            }
        }
        precondition(bytes.count <= UInt32.max, "more than 4 GB of text")
        self.init(bytes: bytes, ends: ends)
    }

    /// `texts`, as they are.
    init<Texts: Collection<String>>(_ texts: Texts) {
        var bytes: [UInt8] = [], ends: [UInt32] = []
        ends.reserveCapacity(texts.count)
        for text in texts {
            bytes += text.utf8
            ends.append(UInt32(bytes.count))
        }
        precondition(bytes.count <= UInt32.max, "more than 4 GB of text")
        // Grown by doubling, the buffer may be twice its size: kept for the whole build, so copied to its size.
        self.init(bytes: bytes.capacity > bytes.count + bytes.count / 8 ? Array(bytes[...]) : bytes, ends: ends)
    }

    /// Texts appended one by one.
    struct Builder {
        private var bytes: [UInt8] = [], ends: [UInt32] = []

        /// Room for `count` texts of `byteCount` bytes in all, made once.
        mutating func reserveCapacity(_ count: Int, byteCount: Int) {
            bytes.reserveCapacity(byteCount)
            ends.reserveCapacity(count)
        }

        mutating func append(_ text: some Collection<UInt8>) {
            bytes += text
            precondition(bytes.count <= UInt32.max, "more than 4 GB of text")
            ends.append(UInt32(bytes.count))
        }

        /// The texts appended.
        var texts: PackedTexts { PackedTexts(bytes: bytes, ends: ends) }
    }

    private init(bytes: [UInt8], ends: [UInt32]) {
        self.bytes = bytes
        self.ends = ends
    }

    var count: Int { ends.count }

    /// The bytes of all the texts.
    var byteCount: Int { bytes.count }

    /// The texts in the order `order` gives (catalog indices into these).
    func permuted(by order: [Int]) -> PackedTexts {
        var builder = Builder()
        builder.reserveCapacity(order.count, byteCount: bytes.count)
        for i in order { builder.append(bytes[range(i)]) }
        return builder.texts
    }

    /// Text `i`, as a new array.
    subscript(i: Int) -> [UInt8] { Array(bytes[range(i)]) }

    /// Text `i`, as a string.
    func string(_ i: Int) -> String { withText(i) { String(decoding: $0, as: UTF8.self) } }

    /// The first byte of text `i`, if it is not empty.
    func first(_ i: Int) -> UInt8? {
        let range = range(i)
        return range.isEmpty ? nil : bytes[range.lowerBound]
    }

    /// Calls `body` with the bytes of text `i`, without copying them.
    func withText<Result>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = range(i)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Texts `i` and `j` compared by bytes (`ByteString.compare`).
    func compare(_ i: Int, _ j: Int) -> Int {
        withText(i) { a in withText(j) { b in ByteString.compare(a, b) } }
    }

    /// Text `i` compared with `other` by bytes.
    func compare(_ i: Int, _ other: [UInt8]) -> Int {
        withText(i) { text in other.withUnsafeBufferPointer { ByteString.compare(text, $0) } }
    }

    private func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
    }
}
