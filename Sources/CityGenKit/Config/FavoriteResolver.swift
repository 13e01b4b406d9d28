/// Turns `favorites:` items into cities of the catalog (SPEC §6).
public enum FavoriteResolver {
    /// The catalog indices of the favorites; every item that matches no city, or several, is reported in one
    /// error (`unresolvedFavorites`) naming the item and the candidates with their ids.
    public static func resolve(_ references: [FavoriteReference], in catalog: CityCatalog) throws -> Set<Int> {
        guard !references.isEmpty else { return [] }
        let indexByID = catalog.indicesByID()
        var favorites = Set<Int>()
        var problems: [String] = []
        for reference in references {
            switch reference {
            case .id(let id):
                if let index = indexByID[id] { favorites.insert(index) } else { problems.append("favorite \(id): no city has this id") }
            case .name(let text):
                let candidates = matches(text, in: catalog)
                switch candidates.count {
                case 1: favorites.insert(candidates[0])
                case 0: problems.append("favorite \(reference): no city matches (write \"Name, CC\" or use the id)")
                default:
                    let list = candidates.prefix(10).map { i in
                        let city = catalog.cities[i]
                        return "\(city.id) (\(city.label) at \(Coordinate.display(latitude: city.latitude, longitude: city.longitude)))"
                    }
                    problems.append("favorite \(reference) matches \(candidates.count) cities; use one of their ids: "
                        + list.joined(separator: ", ") + (candidates.count > 10 ? ", …" : ""))
                }
            }
        }
        guard problems.isEmpty else { throw CityGenError.unresolvedFavorites(problems) }
        return favorites
    }

    /// Cities whose folded name is the text before the last comma and whose folded country is the text after it;
    /// without a comma, every city with that folded name.
    static func matches(_ text: String, in catalog: CityCatalog) -> [Int] {
        let name: String, country: String?
        if let comma = text.lastIndex(of: ",") {
            name = String(text[..<comma])
            country = String(text[text.index(after: comma)...])
        } else {
            name = text
            country = nil
        }
        let foldedName = Array(Fold.fold(name).utf8)
        guard !foldedName.isEmpty else { return [] }
        let foldedCountry = country.map { Array(Fold.fold($0).utf8) }
        let run = catalog.exactNameRange(foldedName, countryPrefix: (foldedCountry ?? [])[...])
        return run.filter { foldedCountry == nil || catalog.foldedCountries[$0] == foldedCountry }
    }
}
