/// The files a `.citygen-manifest` lists, by path, each with its record once written (nil: only planned). A
/// rebuild holds it for its whole run: paths packed in one buffer, found by open addressing (60 bytes a file, not 300).
struct ManifestFiles: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    typealias Record = BuildManifest.FileRecord

    /// Every path's UTF-8, one after the other; path `i` ends at `ends[i]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Path `i`'s record; a size of -1 stands for a file only planned.
    private var records: [Record] = []
    /// Open addressing: a path's slot holds its index, -1 an empty slot; a power of two, at most half full.
    private var slots: [Int32] = []

    private static let planned = Record(size: -1, mtime: 0)

    init() {}

    init(dictionaryLiteral elements: (String, Record?)...) {
        for (path, record) in elements { set(record, for: path) }
    }

    /// Room for about this many paths of `pathBytes` bytes in all.
    mutating func reserveCapacity(_ count: Int, pathBytes: Int) {
        bytes.reserveCapacity(pathBytes)
        ends.reserveCapacity(count)
        records.reserveCapacity(count)
        if slots.count < 2 * count { rehash(slotCount: Self.slotCount(for: count)) }
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }
    var indices: Range<Int> { ends.indices }

    func path(at index: Int) -> String {
        String(decoding: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
    }

    /// Nil for a file only planned.
    func record(at index: Int) -> Record? {
        records[index] == Self.planned ? nil : records[index]
    }

    func contains(_ path: String) -> Bool { index(of: path) != nil }

    /// Nil when `path` is not listed; `.some(nil)` when it is, only planned.
    subscript(path: String) -> Record?? {
        index(of: path).map(record(at:))
    }

    /// Lists `path` with `record` (nil: only planned), in place of its record when it is listed already.
    mutating func set(_ record: Record?, for path: String) {
        let record = record ?? Self.planned
        if let index = index(of: path) {
            records[index] = record
            return
        }
        if 2 * (count + 1) > slots.count { rehash(slotCount: Self.slotCount(for: count + 1)) }
        bytes += path.utf8
        ends.append(bytes.count)
        records.append(record)
        var slot = Self.hash(path.utf8) & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(count - 1)
    }

    func index(of path: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(path.utf8) & (slots.count - 1)
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]].elementsEqual(path.utf8) { return index }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The same paths with the same records, in any order.
    static func == (lhs: ManifestFiles, rhs: ManifestFiles) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { rhs[lhs.path(at: $0)] == .some(lhs.record(at: $0)) }
    }

    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        var start = 0
        for (index, end) in ends.enumerated() {
            var slot = Self.hash(bytes[start..<end]) & (slotCount - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = Int32(index)
            start = end
        }
    }

    /// FNV-1a: stable, and quick on the short paths of a site.
    static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
