/// The labels of cities whose `Name, CC` another city has too, told apart by their region where the region does
/// (SPEC §5): `Springfield, US (Illinois)`. Where it does not, or no region is known, the catalog's label stands
/// (coordinates, or the id).
struct PlaceLabels: Sendable {
    /// The label of each city that shows its region, by number in `numberOfCity`.
    private let texts: PackedTexts
    private let regions: RegionPlan
    /// For each catalog index: its label's number in `texts`, or -1 for the catalog's label.
    private let numberOfCity: [Int32]

    init(catalog: CityCatalog, regions: RegionPlan) {
        var numberOfCity = [Int32](repeating: -1, count: catalog.count)
        var labels: [String] = []
        var start = 0
        // Cities with a distinction sit in runs of equal labels (the catalog's order groups them).
        while start < catalog.count {
            var end = start + 1
            guard catalog.distinctions[start] != nil else {
                start = end
                continue
            }
            while end < catalog.count, catalog.distinctions[end] != nil, catalog.cities[end].label == catalog.cities[start].label { end += 1 }
            let names = (start..<end).map { regions.place(ofCityAt: $0)?.region.name }
            let counts = Dictionary(names.compactMap { $0 }.map { ($0, 1) }, uniquingKeysWith: +)
            for (offset, name) in names.enumerated() {
                guard let name, counts[name] == 1 else { continue }
                numberOfCity[start + offset] = Int32(labels.count)
                labels.append("\(catalog.cities[start + offset].label) (\(name))")
            }
            start = end
        }
        self.texts = PackedTexts(labels)
        self.regions = regions
        self.numberOfCity = numberOfCity
    }

    /// Whether the city at `index` is told apart by its region.
    func showsRegion(_ index: Int) -> Bool { numberOfCity[index] >= 0 }

    /// The name of the region that tells apart the city at `index`, when one does.
    func regionName(_ index: Int) -> String? {
        numberOfCity[index] < 0 ? nil : regions.region(ofCityAt: index)?.name
    }

    /// Calls `body` with the region label of the city at `index`, or returns nil when it has none.
    func withLabel<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let number = Int(numberOfCity[index])
        return number < 0 ? nil : texts.withText(number, body)
    }
}
