/// The labels of cities whose `Name, CC` another city has too, told apart by their region where it does (SPEC §5):
/// `Springfield, US (Illinois)`; else by the catalog's distinction in the site's language: `Twin, US (id 4)`.
struct PlaceLabels: Sendable {
    /// The label of each city told apart, by number in `numberOfCity`.
    private let texts: PackedTexts
    /// Whether label number `n` names the city's region.
    private let namesRegion: [Bool]
    private let regions: GroupingPlan
    /// For each catalog index: its label's number in `texts`, or -1 for the catalog's label (unique, or told apart as
    /// the catalog says it).
    private let numberOfCity: [Int32]

    init(catalog: CityCatalog, regions: GroupingPlan, language: SiteLanguage) {
        // The catalog's own labels say coordinates and ids as English does: another language's are kept here too.
        let sample = City(id: 1, name: "", country: "", latitude: -1.5, longitude: 1.5)
        let localizes = Distinction.allCases.contains {
            Self.distinction($0, of: sample, language) != $0.text(id: sample.id, latitude: sample.latitude, longitude: sample.longitude)
        }
        var numberOfCity = [Int32](repeating: -1, count: catalog.count)
        var labels = PackedTexts.Builder(), namesRegion: [Bool] = [], count: Int32 = 0
        var start = 0
        // Cities with a distinction sit in runs of equal labels (the catalog's order groups them).
        while start < catalog.count {
            var end = start + 1
            guard catalog.distinctions[start] != nil else {
                start = end
                continue
            }
            while end < catalog.count, catalog.distinctions[end] != nil, catalog.cities[end].label == catalog.cities[start].label { end += 1 }
            let names = (start..<end).map { regions.group(ofCityAt: $0)?.name }
            let counts = Dictionary(names.compactMap { $0 }.map { ($0, 1) }, uniquingKeysWith: +)
            for (offset, name) in names.enumerated() {
                let byRegion = name.map { counts[$0] == 1 } ?? false
                guard byRegion || localizes else { continue }
                let city = catalog.cities[start + offset]
                numberOfCity[start + offset] = count
                count += 1
                namesRegion.append(byRegion)
                labels.append("\(city.label) (\(byRegion ? name! : Self.distinction(catalog.distinctions[start + offset]!, of: city, language)))".utf8)
            }
            start = end
        }
        self.texts = labels.texts
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

    /// The name of the region of the city at `index`, when it is known.
    func regionName(_ index: Int) -> String? {
        regions.group(ofCityAt: index)?.name
    }

    /// Calls `body` with the label of the city at `index` when it is told apart, or returns nil when its label is unique.
    func withLabel<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let number = Int(numberOfCity[index])
        return number < 0 ? nil : texts.withText(number, body)
    }
}
