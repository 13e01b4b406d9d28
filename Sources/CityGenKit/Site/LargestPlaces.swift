/// The largest places by population (SPEC §5 `#largestCities`): of the whole site and of each group of every grouping,
/// largest first, then in SPEC §3 order. Cities without a known population are never among them.
struct LargestPlaces: Sendable {
    /// How many a page lists, and how many the map to explore labels at most.
    static let count = 10, mapCount = 1000

    let world: [Int]
    /// The largest `mapCount` places of the site: the map to explore's labels.
    let labelled: [Int]
    /// By grouping's name, then by group's number.
    private let byGroup: [String: [[Int]]]

    init(catalog: CityCatalog, places: Places?, groupings: [GroupingPlan]) {
        guard let places else {
            (world, labelled, byGroup) = ([], [], [:])
            return
        }
        // One array of 32-bit indices, sorted in place: no second copy while the site is planned.
        var ordered = (0..<catalog.count).compactMap { places.population($0) != nil ? Int32($0) : nil }
        ordered.sort { a, b in
            let (x, y) = (places.population(Int(a))!, places.population(Int(b))!)
            return x != y ? x > y : a < b
        }
        var byGroup: [String: [[Int]]] = [:]
        for plan in groupings {
            var largest = [[Int]](repeating: [], count: plan.groups.count)
            for index in ordered.lazy.map(Int.init) {
                guard let group = plan.group(ofCityAt: index), largest[group.number].count < Self.count else { continue }
                largest[group.number].append(index)
            }
            byGroup[plan.grouping.name] = largest
        }
        world = ordered.prefix(Self.count).map(Int.init)
        labelled = ordered.prefix(Self.mapCount).map(Int.init)
        self.byGroup = byGroup
    }

    /// The largest places of `group` of `plan`.
    func of(_ group: GroupingPlan.Group, in plan: GroupingPlan) -> [Int] { byGroup[plan.grouping.name]?[group.number] ?? [] }
}
