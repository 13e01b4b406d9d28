/// The search keys, defined once. The index key is `fold(name) + "\t" + fold(country)`: a tab sorts below every
/// character a folded string holds, so these keys sort in SPEC §3's order and SPEC §4's matches are runs of them
/// (`SearchQuery.prefixes`). SPEC §4's own key has a space instead of the tab, trimmed.
public enum SearchKey {
    public static let separator: UInt8 = 0x09

    /// The index key of a city with these folded name and country.
    static func index(name: [UInt8], country: [UInt8]) -> [UInt8] { name + [separator] + country }

    /// SPEC §4's key for an index key: the tab becomes a space, and a space at either end goes.
    static func spec(fromIndex key: [UInt8]) -> ArraySlice<UInt8> {
        guard let tab = key.firstIndex(of: separator) else { return key[...] }
        if tab == key.startIndex { return key[(tab + 1)...] }
        if tab == key.endIndex - 1 { return key[..<tab] }
        var spec = key
        spec[tab] = 0x20
        return spec[...]
    }
}

/// A key as its parts lie in the catalog: a run of a folded name, then a joining byte and the folded country (an index
/// key always has its tab; a word key has a space only before a country), compared without being made.
struct KeyBytes {
    let name: UnsafeBufferPointer<UInt8>
    let joiner: UInt8?
    let country: [UInt8]

    /// Byte `i` of the key; -1 past its end.
    func byte(_ i: Int) -> Int {
        if i < name.count { return Int(name[i]) }
        guard let joiner else { return -1 }
        if i == name.count { return Int(joiner) }
        return i - name.count - 1 < country.count ? Int(country[i - name.count - 1]) : -1
    }

    /// The key compared with `other` byte by byte (as `ByteString.compare`); with `startOnly`, only the key's first
    /// `other.count` bytes, so that 0 says the key starts with `other`.
    func compare(with other: [UInt8], startOnly: Bool) -> Int {
        for i in other.indices {
            let x = byte(i), y = Int(other[i])
            if x != y { return x < y ? -1 : 1 }
        }
        return startOnly || byte(other.count) < 0 ? 0 : 1
    }

    /// The key compared with `other` byte by byte (as `ByteString.compare`).
    func compare(_ other: KeyBytes) -> Int {
        var i = 0
        while true {
            let x = byte(i), y = other.byte(i)
            if x != y { return x < y ? -1 : 1 }
            if x < 0 { return 0 }
            i += 1
        }
    }
}
