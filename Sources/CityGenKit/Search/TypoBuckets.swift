/// SPEC §4c's typo reach for every place of `TypoPlaces.reachedPopulation` people or more: buckets that a query of
/// `TypoPlaces.bucketQueryLength` characters or more reads two of, and that hold every such place a prefix of whose
/// name it is within one edit of, the first letter kept.
///
/// A bucket is named by two characters: a place is in bucket `k0 k3` and in bucket `k0 k4` of its folded name `k`.
/// This is the symmetric deletion neighbourhood (SymSpell's) of a name's first 5 characters, cut to 4: a query `q`
/// within one edit of a prefix of `k` shares a variant with it (its first 4 characters, or them after one deletion
/// at position 1 to 4), and a variant's last character is `q3` for the first kind and `q4` for the second, on both
/// sides. So `q` reads the buckets `q0 q3` and `q0 q4`, and checks every place in them with `TypoDistance`.
enum TypoBuckets {
    /// The buckets of the places of `places`, in order of their names (by scalars); each place largest first, then
    /// in §3 order, as many as `budget` bytes of entries hold (only a bucket of an unusual data set is cut).
    static func make(places: Places, count: Int, budget: Int, entry: (Int) -> IndexEntry) -> [(name: String, cities: [Int])] {
        var members: [[Unicode.Scalar]: [Int]] = [:]
        for index in 0..<count {
            guard let population = places.population(index), population >= TypoPlaces.reachedPopulation else { continue }
            let name = Array(String(decoding: entry(index).key.prefix { $0 != 0x09 }, as: UTF8.self).unicodeScalars)
            for position in [3, 4] where name.count > position { members[[name[0], name[position]], default: []].append(index) }
        }
        var row: [UInt8] = []
        return members.keys.sorted { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }.map { name in
            let ranked = Set(members[name]!).sorted {
                let (a, b) = (places.population($0)!, places.population($1)!)
                return a != b ? a > b : $0 < $1
            }
            var bytes = 2, kept: [Int] = []
            for index in ranked {
                row.removeAll(keepingCapacity: true)
                entry(index).appendJSON(to: &row)
                guard bytes + row.count + 1 <= budget else { break }
                bytes += row.count + 1
                kept.append(index)
            }
            return (String(String.UnicodeScalarView(name)), kept)
        }
    }
}
