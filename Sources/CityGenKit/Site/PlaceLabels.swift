/// The labels of cities whose `Name, CC` another city has too, told apart by their region where the region does
/// (SPEC §5): `Springfield, US (Illinois)`. Where it does not, or no region is known, by the catalog's distinction
/// (coordinates, or the id) in the site's language: `Twin, US (id 4)`, `Twin, ES (40,4168; -3,7038)`.
struct PlaceLabels: Sendable {
    /// The label of each city told apart, by number in `numberOfCity`.
    private let texts: PackedTexts
    /// Whether label number `n` names the city's region.
    private let namesRegion: [Bool]
    private let regions: RegionPlan
    /// For each catalog index: its label's number in `texts`, or -1 for the catalog's label (a unique one).
    private let numberOfCity: [Int32]

    init(catalog: CityCatalog, regions: RegionPlan, language: SiteLanguage) {
        var numberOfCity = [Int32](repeating: -1, count: catalog.count)
        var labels: [String] = [], namesRegion: [Bool] = []
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
                let city = catalog.cities[start + offset]
                numberOfCity[start + offset] = Int32(labels.count)
                namesRegion.append(name.map { counts[$0] == 1 } ?? false)
                labels.append("\(city.label) (\(namesRegion.last! ? name! : Self.distinction(catalog.distinctions[start + offset]!, of: city, language)))")
            }
            start = end
        }
        self.texts = PackedTexts(labels)
        self.namesRegion = namesRegion
        self.regions = regions
        self.numberOfCity = numberOfCity
    }

    /// What tells `city` apart, in `language`: its coordinates, or its id (`id 4`, as the search's script says it).
    static func distinction(_ distinction: Distinction, of city: City, _ language: SiteLanguage) -> String {
        switch distinction {
        case .coordinates: language.coordinates(latitude: city.latitude, longitude: city.longitude)
        case .id: language.words.say("city.idLabel", ["id": String(city.id)])
        }
    }

    /// Whether the city at `index` is told apart by its region.
    func showsRegion(_ index: Int) -> Bool { numberOfCity[index] >= 0 && namesRegion[Int(numberOfCity[index])] }

    /// The name of the region that tells apart the city at `index`, when one does.
    func regionName(_ index: Int) -> String? {
        showsRegion(index) ? regions.region(ofCityAt: index)?.name : nil
    }

    /// Calls `body` with the label of the city at `index` when it is told apart, or returns nil when its label is unique.
    func withLabel<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let number = Int(numberOfCity[index])
        return number < 0 ? nil : texts.withText(number, body)
    }
}
