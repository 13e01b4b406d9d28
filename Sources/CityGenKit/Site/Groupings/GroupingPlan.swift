/// The pages of one grouping (SPEC §5): its groups in order, each with its cities in SPEC §3 order, `pageSize` a
/// page, and where each city is listed.
final class GroupingPlan: Sendable {
    /// One group with pages; a class, which a city's lookups pass on with one retain.
    final class Group: Sendable {
        /// Its number in `groups`.
        let number: Int
        let id: String
        /// Its pages' folders below the grouping's, each a safe name.
        let folders: [String]
        let name: String
        let title: String
        let code: String?
        /// Catalog indices of its cities, in list order (32 bits: half the memory of `Int`).
        let cities: [Int32]

        init(number: Int, id: String, folders: [String], name: String, title: String, code: String?, cities: [Int32]) {
            (self.number, self.id, self.folders, self.name, self.title, self.code, self.cities) = (number, id, folders, name, title, code, cities)
        }
    }

    let grouping: Grouping
    /// The groups, by scope, then folded name, then id.
    let groups: [Group]
    let pageSize: Int
    /// Whether the site writes its pages (`groupings:`). One it does not still groups: a region tells namesakes apart.
    let written: Bool
    /// The ids of the groups skipped because they make no safe folder name.
    let unsafeIDs: [String]
    /// For each catalog index: the number of its group plus one (0: none), in 16 bits while they fit.
    private let groupOfCity: CityGroups

    private enum CityGroups {
        case small([UInt16]), large([Int32])

        subscript(index: Int) -> Int {
            switch self {
            case .small(let numbers): Int(numbers[index]) - 1
            case .large(let numbers): Int(numbers[index]) - 1
            }
        }
    }
    private let numberByFolders: [[String]: Int]
    private let numberByID: [String: Int]

    /// `written` nil: when it has groups.
    init(_ grouping: Grouping, input: GroupingInput, pageSize: Int, written: Bool?) {
        var unsafe: [String] = []
        let found = grouping.groups(input).filter { group in
            if group.folders == nil { unsafe.append(group.id) }
            return group.folders != nil && !group.cities.isEmpty
        }
        let folded = found.map { Fold.fold($0.name) }
        let order = found.indices.sorted { a, b in
            let (x, y) = (found[a], found[b])
            if x.scope != y.scope { return x.scope.utf8.lexicographicallyPrecedes(y.scope.utf8) }
            if folded[a] != folded[b] { return folded[a].utf8.lexicographicallyPrecedes(folded[b].utf8) }
            return x.id.utf8.lexicographicallyPrecedes(y.id.utf8)
        }
        let groups = order.enumerated().map { number, at in
            let group = found[at]
            return Group(number: number, id: group.id, folders: group.folders!, name: group.name, title: group.title, code: group.code, cities: group.cities)
        }
        var numberByFolders: [[String]: Int] = [:], numberByID: [String: Int] = [:]
        for group in groups {
            numberByFolders[group.folders] = group.number
            numberByID[group.id] = group.number
        }
        func numbers<Number: FixedWidthInteger>(_: Number.Type) -> [Number] {
            var numbers = [Number](repeating: 0, count: input.catalog.count)
            for group in groups { for index in group.cities { numbers[Int(index)] = Number(group.number + 1) } }
            return numbers
        }
        let groupOfCity = groups.count < Int(UInt16.max) ? CityGroups.small(numbers(UInt16.self)) : .large(numbers(Int32.self))
        (self.grouping, self.groups, self.pageSize, self.written) = (grouping, groups, pageSize, written ?? !groups.isEmpty)
        (self.unsafeIDs, self.groupOfCity, self.numberByFolders, self.numberByID) = (unsafe.sorted(), groupOfCity, numberByFolders, numberByID)
    }

    /// The group whose id is `id`.
    func group(id: String) -> Group? { numberByID[id].map { groups[$0] } }

    /// The group whose pages are in `folders`.
    func group(folders: [String]) -> Group? { numberByFolders[folders].map { groups[$0] } }

    /// The group of the city at catalog `index`, if it has one with pages.
    func group(ofCityAt index: Int) -> Group? {
        let number = groupOfCity[index]
        return number < 0 ? nil : groups[number]
    }

    /// The group of the city at catalog `index` and the page of it that lists the city.
    func place(ofCityAt index: Int) -> (group: Group, page: Int)? {
        group(ofCityAt: index).map { ($0, CityPages.page(listing: index, in: $0.cities, pageSize: pageSize)) }
    }

    /// Number of pages of `group`.
    func pageCount(_ group: Group) -> Int { CityPages.count(of: group.cities, pageSize: pageSize) }

    /// The catalog indices on page `page` (from 1) of `group`.
    func cities(of group: Group, onPage page: Int) -> [Int] { CityPages.cities(group.cities, onPage: page, pageSize: pageSize) }

    /// The route of page `page` of `group`.
    func route(_ group: Group, page: Int, _ format: PageFormat) -> Route {
        .page(.group(folder: grouping.folder, group.folders, page: page, format))
    }

    /// The groups of this grouping that the cities of `group` (of another) are in, in order, each with how many.
    func groups(holding cities: [Int32]) -> [(group: Group, count: Int)] {
        var counts: [Int: Int] = [:]
        for index in cities where groupOfCity[Int(index)] >= 0 { counts[groupOfCity[Int(index)], default: 0] += 1 }
        return counts.keys.sorted().map { (groups[$0], counts[$0]!) }
    }
}
