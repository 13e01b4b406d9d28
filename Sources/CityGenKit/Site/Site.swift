/// Everything a site is made from, made once in the build's plan step and never changed (docs/design.md, "Index
/// and pages"): the renderer and the writers only read it.
struct Site: Sendable {
    /// What a site is made with besides its cities and favorites.
    struct Settings: Sendable {
        /// The title given (`title:`); nil: the language's own word for it.
        var title: String?
        var pageSize = BuildOptions.Defaults.pageSize
        var layout = SiteLayout()
        /// The formats, in the order they are written.
        var formats: [PageFormat] = PageFormat.allCases
        var shardSize = BuildOptions.Defaults.shardSize
        var mapMode = MapMode.locator
        /// Whether `#showMap` may put the viewer in the page: not offline (Kiwix), where it would be a blank frame.
        var viewerInPlace = true
        /// The language of its words, names and numbers.
        var language = SiteLanguage.english
        /// Every language of a site in several, the root's first, this one among them; empty for one language.
        var translations: [Translation] = []
        /// The groupings whose pages it may write, in order; `country` and `region` among them.
        var groupings = Grouping.all
        /// The names of those it writes (`groupings:`); nil: those the data has.
        var writtenGroupings: Set<String>?
    }

    /// One language of a site in several: its language and where its files are.
    struct Translation: Sendable {
        let language: SiteLanguage
        let layout: SiteLayout
    }

    private(set) var settings: Settings
    let catalog: CityCatalog
    let plan: SitePlan
    /// Country names by code, where known.
    private(set) var countryNames: [String: String]
    /// The pages of each of `settings.groupings`, in order, those that are not written among them.
    private(set) var groupings: [GroupingPlan] {
        didSet { (countries, regions) = Self.countriesAndRegions(in: groupings) }
    }
    /// The countries, whose maps a site always has, whether it writes their pages or not.
    private(set) var countries: GroupingPlan
    /// The regions (with places), which tell namesakes apart whether the site writes their pages or not.
    private(set) var regions: GroupingPlan
    /// Catalog indices of the favorites.
    let favorites: Set<Int>
    /// The nearest cities of each city, for detail pages.
    let nearest: NearestCities
    /// The world map's and each country map's window.
    let maps: SiteMaps
    let index: SiteIndex
    /// What GeoNames adds to the cities (SPEC §1b), when the build has it.
    let places: Places?
    /// The name in the site's language of each of `places.timeZones`.
    let timeZoneNames: [String]
    let placeLabels: PlaceLabels
    let largest: LargestPlaces
    /// Every city as a point of the map to explore.
    let points: MapPoints
    /// The map to explore's cities as dots at its smallest zooms.
    let density: MapDensity
    /// Catalog indices by city id.
    let indexByID: CityIDIndex
    /// A compact site's data files: the catalog indices of the cities in each, in list order.
    let compactData: [[Int]]
    /// Every file of the site, each once, in the order they are written.
    private(set) var routes = RouteList()
    /// The HTML pages a sitemap lists, in order (with a base URL).
    private(set) var sitemapPages = RouteList()

    init(
        catalog: CityCatalog, settings: Settings = Settings(), favorites: Set<Int> = [], nearest: NearestCities? = nil, places: Places? = nil
    ) {
        self.settings = settings
        self.catalog = catalog
        self.plan = SitePlan(catalog: catalog, pageSize: settings.pageSize, language: settings.language)
        self.countryNames = settings.language.countryNames(for: catalog.countryCodes)
        let groupings = Self.groupings(settings, GroupingInput(catalog: catalog, places: places, language: settings.language, countryNames: countryNames))
        self.groupings = groupings
        let (countries, regions) = Self.countriesAndRegions(in: groupings)
        (self.countries, self.regions) = (countries, regions)
        self.favorites = favorites
        self.nearest = nearest ?? NearestCities(catalog: catalog)
        self.places = places
        self.timeZoneNames = places?.timeZones.map(settings.language.timeZoneName) ?? []
        // The map windows and the largest places are made beside the search index, whose steps do not all use both cores.
        ((self.maps, self.largest, self.points, self.density), (self.placeLabels, self.index)) = Parallel.both(
            {
                (
                    SiteMaps(catalog: catalog, countries: countries, regions: regions, places: places),
                    LargestPlaces(catalog: catalog, places: places, groupings: groupings), MapPoints(catalog: catalog, places: places),
                    MapDensity(catalog: catalog)
                )
            },
            {
                let labels = PlaceLabels(catalog: catalog, regions: regions, language: settings.language)
                let index = SiteIndex(
                    catalog: catalog, favorites: favorites, layout: settings.layout, shardSize: settings.shardSize, placeLabels: labels, places: places,
                    language: settings.language.code)
                return (labels, index)
            })
        self.indexByID = catalog.indicesByID()
        self.compactData = Self.compactData(catalog, settings)
        self.sitemapPages = sitemapRoutes()
        self.routes = allRoutes()
    }

    /// The same site in `language`'s words (the strings were edited): what depends on them is made again, the rest
    /// kept; the language's code, and so its names and order, must be the same.
    func with(language: SiteLanguage, translations: [Translation]) -> Site {
        var site = self
        site.settings.language = language
        site.settings.translations = translations
        site.countryNames = language.countryNames(for: Set(countries.groups.map(\.id)))
        site.groupings = Self.groupings(site.settings, GroupingInput(catalog: catalog, places: places, language: language, countryNames: site.countryNames))
        site.sitemapPages = site.sitemapRoutes()
        site.routes = site.allRoutes()
        return site
    }

    /// The plans of each grouping, written or not.
    private static func groupings(_ settings: Settings, _ input: GroupingInput) -> [GroupingPlan] {
        settings.groupings.map { grouping in
            GroupingPlan(grouping, input: input, pageSize: settings.pageSize, written: settings.writtenGroupings.map { $0.contains(grouping.name) })
        }
    }

    /// The plan of the grouping named `name`.
    func grouping(named name: String) -> GroupingPlan? { groupings.first { $0.grouping.name == name } }

    /// The plan of the grouping whose pages are in `folder`.
    func grouping(folder: String) -> GroupingPlan? { groupings.first { $0.grouping.folder == folder } }

    /// The plans of the countries and the regions among `groupings`, which always has them.
    private static func countriesAndRegions(in groupings: [GroupingPlan]) -> (GroupingPlan, GroupingPlan) {
        (groupings.first { $0.grouping.name == Grouping.country.name }!, groupings.first { $0.grouping.name == Grouping.region.name }!)
    }

    var layout: SiteLayout { settings.layout }
    var formats: [PageFormat] { settings.formats }
    var title: String { settings.title ?? settings.language.words["site.title"] }
    var compact: Bool { layout.cityFolders == .compact && formats.contains(.html) }
    /// Whether it writes the files every language shares (maps, assets, the sitemap): the root's language does.
    var writesSharedFiles: Bool { layout.languageFolder.isEmpty }

    /// `Name, CC` of the city at `index`, with its region or the catalog's distinction where another has that label.
    func label(_ index: Int) -> String {
        placeLabels.withLabel(index) { String(decoding: $0, as: UTF8.self) } ?? catalog.label(index)
    }

    /// Calls `body` with the UTF-8 bytes of `label(index)`.
    func withLabel<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        placeLabels.withLabel(index, body) ?? catalog.withLabel(index, body)
    }

    /// Whether `label(index)` shows the city's coordinates: a row that shows them beside it does not repeat them.
    func labelShowsCoordinates(_ index: Int) -> Bool {
        catalog.distinctions[index] == .coordinates && !placeLabels.showsRegion(index)
    }

    /// Every country's maps: its main map, then those of its outlying parts.
    var countryMaps: [Route] {
        countries.groups.flatMap { country in maps.frames[country.id]!.windows.indices.map { Route.countryMap(code: country.id, part: $0) } }
    }

    /// Every region's map, where region pages are written (with places).
    var regionMaps: [Route] {
        guard regions.written, let places else { return [] }
        return regions.groups.compactMap { places.region(Int($0.cities[0])).map(Route.regionMap) }
    }

    /// With a base URL, the root's HTML pages that the sitemap lists.
    private func sitemapRoutes() -> RouteList {
        var pages = RouteList()
        guard settings.layout.baseURL != nil, settings.formats.contains(.html), settings.layout.languageFolder.isEmpty else { return pages }
        for kind in PageKinds.all where kind.inSitemap { pages.append(kind.routes(in: self, formats: [.html])) }
        return pages
    }

    private func allRoutes() -> RouteList {
        var routes = RouteList()
        for kind in OutputKinds.all where writesSharedFiles || !kind.shared { routes.append(kind.routes(in: self, formats: formats)) }
        return routes
    }

    /// How many URLs the sitemap lists: each page it lists in every language.
    var sitemapURLCount: Int { sitemapPages.count * max(1, settings.translations.count) }

    private static func compactData(_ catalog: CityCatalog, _ settings: Settings) -> [[Int]] {
        guard settings.layout.cityFolders == .compact, settings.formats.contains(.html) else { return [] }
        var files = [[Int]](repeating: [], count: SiteLayout.compactDataFiles(cities: catalog.count))
        for (index, city) in catalog.cities.enumerated() { files[SiteLayout.compactDataFile(of: city.id, cities: catalog.count)].append(index) }
        return files
    }

    /// The catalog indices of the cities that are favorites in one of `previousIDs` (ids) and `favorites` only.
    func changedFavorites(from previousIDs: [Int], to favorites: Set<Int>) -> Set<Int> {
        Set(previousIDs.compactMap { indexByID[$0] }).symmetricDifference(favorites)
    }

    /// Every file that a change of the favorites at `indices` changes: each kind's that show them.
    func routes(showingFavoritesOf indices: Set<Int>) -> Set<Route> {
        Set(OutputKinds.all.flatMap { $0.routes(showingFavoritesOf: indices, in: self) })
    }
}
