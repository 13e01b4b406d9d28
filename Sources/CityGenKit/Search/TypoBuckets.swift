/// SPEC §4c's typo buckets (SymSpell's symmetric deletion neighbourhood, docs/design.md "Typos"): a query of
/// `TypoPlaces.bucketQueryLength` characters or more reads at most two, since its variants' (`v2`, `v3`) are two of
/// `q2`, `q3`, `q4`; heavy buckets (`s a`: Santa, Sarandë) spread over their `v2`, a place in three buckets at most.
struct TypoBuckets: Sendable {
    /// The buckets in order of their names (by scalars): the name, catalog indices, largest first, then §3, and
    /// whether its rows name their regions (not where that would leave places out).
    let buckets: [(name: String, cities: [Int], regions: Bool)]
    /// The names (`v0 v3`) that are heavy, in order.
    let heavy: [String]
    /// The places of `TypoPlaces.reachedPopulation` people or more that no bucket holds, catalog indices in order.
    let leftOut: [Int]

    /// The buckets of `places`, each as many of its places as `budget` bytes of rows hold; the places of
    /// `withWordKeys` (the largest, which shorter queries find by their word keys too) are there by those as well.
    init(places: Places, count: Int, budget: Int, withWordKeys: Set<Int>, entry: (Int) -> IndexEntry) {
        // Each place's variants, as (v0, v2, v3), and the bytes of its row.
        var members: [(index: Int, variants: [[Unicode.Scalar]], bytes: Int)] = [], fullBytes: [Int: Int] = [:]
        var row: [UInt8] = []
        for index in 0..<count {
            let reached = (places.population(index) ?? 0) >= TypoPlaces.reachedPopulation, largest = withWordKeys.contains(index)
            guard reached || largest else { continue }
            let item = entry(index)
            let keys = [Array(SearchKey.spec(fromIndex: item.key))] + (largest ? WordKeys.keys(indexKey: item.key) : [])
            let variants = Set(keys.flatMap { Self.variants(Array(String(decoding: $0, as: UTF8.self).unicodeScalars)) }.map { [$0[0], $0[2], $0[3]] })
            // The buckets are drawn by the rows without their regions' names, which a bucket then has if they fit.
            row.removeAll(keepingCapacity: true)
            item.appendJSON(to: &row)
            fullBytes[index] = row.count + 1
            row.removeAll(keepingCapacity: true)
            item.withoutRegionName.appendJSON(to: &row)
            members.append((index, variants.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }, row.count + 1))
        }
        // A bucket too big makes its name heavy, which moves its places into the buckets of their v2: a few rounds.
        var heavy = Set<[Unicode.Scalar]>(), filled = Self.fill(members, heavy: heavy)
        for _ in 0..<4 {
            let over = filled.filter { $0.value.bytes > budget && !heavy.contains($0.key) }.keys
            guard !over.isEmpty else { break }
            heavy.formUnion(over)
            filled = Self.fill(members, heavy: heavy)
        }
        let bytes = Dictionary(members.map { ($0.index, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let buckets = filled.keys.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }.map { name in
            let ranked = filled[name]!.cities.sorted {
                let (a, b) = (places.population($0) ?? 0, places.population($1) ?? 0)
                return a != b ? a > b : $0 < $1
            }
            let regions = ranked.reduce(0) { $0 + fullBytes[$1]! } <= budget, size = regions ? fullBytes : bytes
            var used = 0, kept: [Int] = []
            for index in ranked {
                guard used + size[index]! <= budget else { break }
                used += size[index]!
                kept.append(index)
            }
            return (String(String.UnicodeScalarView(name)), kept, regions)
        }
        self.buckets = buckets
        let held = Set(buckets.lazy.flatMap(\.1))
        leftOut = members.lazy.map(\.index).filter { (places.population($0) ?? 0) >= TypoPlaces.reachedPopulation && !held.contains($0) }
        self.heavy = heavy.map { String(String.UnicodeScalarView($0)) }.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) { $0.value < $1.value } }
    }

    /// The places in each bucket, and the bytes of their rows.
    private static func fill(_ members: [(index: Int, variants: [[Unicode.Scalar]], bytes: Int)], heavy: Set<[Unicode.Scalar]>)
        -> [[Unicode.Scalar]: (cities: [Int], bytes: Int)]
    {
        var filled: [[Unicode.Scalar]: (cities: [Int], bytes: Int)] = [:]
        for member in members {
            for name in Set(member.variants.map { Self.name($0, heavy: heavy) }) {
                filled[name, default: ([], 0)].cities.append(member.index)
                filled[name]!.bytes += member.bytes
            }
        }
        return filled
    }

    /// The variants of a key or query: its first 4 characters, and its first 5 without one of the 2nd to 5th, cut to 4.
    static func variants(_ key: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        let head = Array(key.prefix(5))
        var variants = [Array(head.prefix(4))]
        for position in stride(from: 1, to: min(head.count, 5), by: 1) {
            var variant = head
            variant.remove(at: position)
            variants.append(Array(variant.prefix(4)))
        }
        return variants.filter { $0.count == 4 }
    }

    /// The bucket of a variant, given as (v0, v2, v3): `v0 v3`, or `v0 v2` where that is heavy.
    static func name(_ variant: [Unicode.Scalar], heavy: Set<[Unicode.Scalar]>) -> [Unicode.Scalar] {
        heavy.contains([variant[0], variant[2]]) ? [variant[0], variant[1]] : [variant[0], variant[2]]
    }

    /// The names of the buckets a folded query reads (at most two; it has 5 characters or more).
    static func names(query: [Unicode.Scalar], heavy: Set<[Unicode.Scalar]>) -> Set<[Unicode.Scalar]> {
        Set(variants(query).map { name([$0[0], $0[2], $0[3]], heavy: heavy) })
    }
}
