import Foundation

/// The places steps of a build: GeoNames' files joined to the catalog, and the names in the site's language.
extension BuildService {
    /// The places joined to the catalog and the nearest cities; with names in the site's language, the catalog and
    /// the favorites in the order of those names.
    func placesAndNearest(_ catalog: CityCatalog, placeFiles: LoadedPlaces?, favorites: Set<Int>, _ run: inout Run) throws
        -> (CityCatalog, Places?, NearestCities, Set<Int>)
    {
        var catalog = catalog, favorites = favorites
        let places: Places?, nearest: NearestCities
        if let placeFiles, let names = placeFiles.names {
            // Names in the site's language change the order, which the nearest cities' ties follow: the join beside
            // the names table (every name in the language: which places joined is not known yet), then the nearest
            // cities on the catalog in its final order.
            let language = options.language, cache = options.loader.cache, strict = options.strict
            let (joinedResult, table) = Parallel.both(
                { [catalog] in joinPlaces(placeFiles, to: catalog)! },
                { Result { try PlaceNames.read(names, language: language, wanted: nil, cache: cache, strict: strict) } })
            let joined = try joinedResult.get()
            report(joined, from: placeFiles, &run)
            let named = inLanguage(joined, of: catalog, names: try table.get(), favorites: favorites, &run)
            (catalog, places, favorites) = (named.catalog, named.places, named.favorites)
            run.lap("places and names")
            nearest = NearestCities(catalog: catalog)
            FreedMemory.release()
            run.lap("nearest cities")
        } else {
            // The join reads a file on one core while the nearest cities take what the tree's queries leave.
            let (joined, near) = Parallel.both({ [catalog] in joinPlaces(placeFiles, to: catalog) }, { NearestCities(catalog: catalog) })
            places = try joined?.get()
            nearest = near
            if let places, let placeFiles { report(places, from: placeFiles, &run) }
            FreedMemory.release()  // the join's id index and the tree's points, freed on threads whose arenas no other uses
            run.lap(placeFiles == nil ? "nearest cities" : "places and nearest")
        }
        return (catalog, places, nearest, favorites)
    }

    /// Joins the GeoNames files to the catalog (SPEC §1b), when the build has them.
    func joinPlaces(_ files: LoadedPlaces?, to catalog: CityCatalog) -> Result<Places, Error>? {
        guard let files else { return nil }
        return Result { try PlaceJoin.join(catalog: catalog, table: files.table, admin1: files.admin1, countryInfo: files.countries, strict: options.strict) }
    }

    /// The catalog, places and favorites with the cities and regions named in the site's language (SPEC §1b), from
    /// the names of the alternate names table, in the order of those names (SPEC §3).
    func inLanguage(_ places: Places, of catalog: CityCatalog, names table: AlternateNames, favorites: Set<Int>, _ run: inout Run)
        -> (catalog: CityCatalog, places: Places, favorites: Set<Int>)
    {
        warn(skipped: table.skipped, of: "the alternate names table", &run)
        var cityNames: [Int: String] = [:]
        for index in 0..<catalog.count {
            if let id = places.geonameID(index), let name = table.names[id], name != catalog.cities[index].name { cityNames[index] = name }
        }
        let (renamed, order) = catalog.renamed(cityNames)
        var newIndex = [Int](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { newIndex[old] = new }
        let renamedPlaces = places.renamed(
            order: order, sourceNames: Dictionary(uniqueKeysWithValues: cityNames.keys.map { ($0, catalog.cities[$0].name) }),
            regionNames: places.regionIDs.compactMapValues { table.names[$0] })
        run.report.namedInLanguage = cityNames.count
        return (renamed, renamedPlaces, Set(favorites.map { newIndex[$0] }))
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
