/// The rows that may join a city by name (SPEC §1b), gathered while the table streams and resolved after it
/// ends, when it is known which cities joined a row by id.
struct NameCandidates {
    /// The rows that matched some city by name within `maximumDistance`, in file order.
    private var rows: [RowFacts] = []
    /// Each match: a city, a row of `rows`, and how far apart they are (km).
    private var matches: [(city: Int32, row: Int32, distance: Double)] = []
    /// SPEC §1b: a row farther from the city than this never joins it by name.
    static let maximumDistance = 5.0

    var isEmpty: Bool { rows.isEmpty }

    /// Keeps `facts` as the candidate of each of `cities` (catalog index and distance in km).
    mutating func add(_ facts: RowFacts, cities: [(index: Int, distance: Double)]) {
        let row = Int32(rows.count)
        rows.append(facts)
        for city in cities { matches.append((Int32(city.index), row, city.distance)) }
    }

    /// The joins by name: each city not joined by id (`joinedByID`) takes its candidate row when it has exactly one;
    /// a row that is the one candidate of several takes the nearest of them (ties: the first in catalog order).
    func resolve(joinedByID: (Int) -> Bool) -> [(city: Int, facts: RowFacts)] {
        // A city's matches are consecutive once sorted by city; a row never matches a city twice.
        let byCity = matches.sorted { $0.city < $1.city }
        var best: [Int32: (city: Int32, distance: Double)] = [:]
        var start = 0
        while start < byCity.count {
            var end = start + 1
            while end < byCity.count, byCity[end].city == byCity[start].city { end += 1 }
            let match = byCity[start]
            if end - start == 1, !joinedByID(Int(match.city)) {
                let current = best[match.row]
                if current.map({ (match.distance, match.city) < ($0.distance, $0.city) }) ?? true {
                    best[match.row] = (match.city, match.distance)
                }
            }
            start = end
        }
        return best.map { (Int($0.value.city), rows[Int($0.key)]) }.sorted { $0.city < $1.city }
    }
}
