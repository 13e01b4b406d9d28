/// The search keys, defined once.
///
/// The index key is `fold(name) + "\t" + fold(country)`. A tab sorts below every character a folded string
/// can hold, so comparing these keys by Unicode scalar values is SPEC §3's order on (folded name, folded
/// country), and every set of matches of SPEC §4 is a run of keys that share a prefix (`SearchQuery.prefixes`),
/// which a client finds by binary search. SPEC §4's own key has a space instead of the tab, trimmed.
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
