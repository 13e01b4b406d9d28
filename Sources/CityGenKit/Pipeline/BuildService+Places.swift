import Foundation

/// The places steps of a build: GeoNames' files joined to the catalog, and the names in the site's language.
extension BuildService {
    /// The cities of one language of the site: in the order of the names it shows, with the places and favorites
    /// in that order and the nearest cities on it.
    struct NamedCities {
        let catalog: CityCatalog
        let places: Places?
        let nearest: NearestCities
        let favorites: Set<Int>
    }

    /// The places joined to the catalog once, then the cities of each language of `languages` (`NamedCities`); the
    /// nearest cities are found once and put in each order (their ties follow it).
    func placesAndNearest(_ catalog: CityCatalog, placeFiles: LoadedPlaces?, favorites: Set<Int>, languages: [String], _ run: inout Run) throws
        -> [NamedCities]
    {
        guard let placeFiles, let names = placeFiles.names, languages.contains(where: Self.readsNames) else {
            // The join reads a file on one core while the nearest cities take what the tree's queries leave.
            let (joined, near) = Parallel.both({ [catalog] in joinPlaces(placeFiles, to: catalog) }, { NearestCities(catalog: catalog) })
            let places = try joined?.get()
            if let places, let placeFiles { report(places, from: placeFiles, &run) }
            FreedMemory.release()  // the join's id index and the tree's points, freed on threads whose arenas no other uses
            run.lap(placeFiles == nil ? "nearest cities" : "places and nearest")
            let cities = NamedCities(catalog: catalog, places: places, nearest: near, favorites: favorites)
            return languages.map { _ in cities }
        }
        // The join and the nearest cities beside the names tables (every name in a language: which places joined is
        // not known yet), then each language's order.
        let named = languages.filter(Self.readsNames)
        let cache = options.loader.cache, strict = options.strict
        let ((joinedResult, near), tables) = Parallel.both(
            { [catalog] in Parallel.both({ joinPlaces(placeFiles, to: catalog)! }, { NearestCities.find(on: catalog) }) },
            { named.map { language in Result { try PlaceNames.read(names, language: language, wanted: nil, cache: cache, strict: strict) } } })
        let joined = try joinedResult.get()
        report(joined, from: placeFiles, &run)
        var inLanguages: [String: NamedCities] = [:]
        for (language, table) in zip(named, tables) {
            inLanguages[language] = inLanguage(language, joined, near, of: catalog, names: try table.get(), favorites: favorites, &run)
        }
        let inSourceNames = NamedCities(catalog: catalog, places: joined, nearest: near.nearest, favorites: favorites)
        FreedMemory.release()
        run.lap("places and names")
        return languages.map { inLanguages[$0] ?? inSourceNames }
    }

    /// Whether a site in `language` reads its names from the alternate names table: every language but English.
    static func readsNames(_ language: String) -> Bool { language.prefix { $0 != "-" } != "en" }

    /// Joins the GeoNames files to the catalog (SPEC §1b), when the build has them.
    func joinPlaces(_ files: LoadedPlaces?, to catalog: CityCatalog) -> Result<Places, Error>? {
        guard let files else { return nil }
        return Result { try PlaceJoin.join(catalog: catalog, table: files.table, admin1: files.admin1, countryInfo: files.countries, strict: options.strict) }
    }

    /// The cities named in `language` (SPEC §1b), from the names of the alternate names table, with the nearest
    /// cities found on the source's order (`near`) put in theirs.
    func inLanguage(
        _ language: String, _ places: Places, _ near: NearestCities.Found, of catalog: CityCatalog, names table: AlternateNames, favorites: Set<Int>,
        _ run: inout Run
    ) -> NamedCities {
        warn(skipped: table.skipped, of: "the alternate names table", &run)
        // Each city's name looked up on all cores: a binary search of 200,000 ids each.
        let found = Parallel.map(0..<catalog.count, chunk: 4096) { index -> String? in
            guard let id = places.geonameID(index) else { return nil }
            let sourceName = catalog.cities[index].name.utf8
            return table.names.withName(id) { $0.elementsEqual(sourceName) ? nil : String(decoding: $0, as: UTF8.self) } ?? nil
        }
        let cityNames = Dictionary(uniqueKeysWithValues: found.enumerated().compactMap { index, name in name.map { (index, $0) } })
        let (renamed, order) = catalog.renamed(cityNames)
        let newIndex = order.newIndices
        // The places moved beside the nearest cities reordered: both are a pass over every city in the new order.
        let (renamedPlaces, nearest) = Parallel.both(
            {
                places.renamed(
                    order: order, sourceNames: Dictionary(uniqueKeysWithValues: cityNames.keys.map { ($0, catalog.cities[$0].name) }),
                    regionNames: places.regionIDs.compactMapValues { table.names[$0] })
            }, { NearestCities(reordering: near, order: order) })
        run.report.namedInLanguage[language] = cityNames.count
        return NamedCities(catalog: renamed, places: renamedPlaces, nearest: nearest, favorites: Set(favorites.map { newIndex[$0] }))
    }

    /// Reports what `joinPlaces` joined and skipped.
    func report(_ places: Places, from files: LoadedPlaces, _ run: inout Run) {
        run.report.places = .init(joinedByID: places.joinedByID, joinedByName: places.joinedByName, skipped: places.skipped.count, origins: files.origins)
        warn(skipped: places.skipped, of: "the GeoNames files", &run)
    }

    /// One warning for the lines skipped in `files`, when there are any: how many, then the first five.
    private func warn(skipped: SkippedLines, of files: String, _ run: inout Run) {
        guard skipped.count > 0 else { return }
        let sample = skipped.first.prefix(5).map(\.description).joined(separator: "; ")
        warn("skipped \(skipped.count) invalid lines of \(files): \(sample)\(skipped.count > 5 ? "; …" : "")", &run)
    }

    /// A warning: in the report and on the log.
    func warn(_ warning: String, _ run: inout Run) {
        run.report.warnings.append(warning)
        log("warning: \(warning)")
    }
}
