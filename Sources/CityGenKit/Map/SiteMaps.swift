/// The maps of a site (SPEC §5): the world map, every city a dot, one map per country (also its detail pages'
/// locator), and with places one per region.
struct SiteMaps: Sendable {
    /// The world map's width in pixels (its height is half).
    static let worldWidth = 1200
    /// A country map's longer side in pixels.
    static let countrySize = 480
    /// A region map's longer side in pixels: smaller, as a site has some thousands of them.
    static let regionSize = 320

    let world: MapWindow
    /// Each country's windows (`CountryFrames`), by code (`""` for the cities without one).
    let frames: [String: CountryFrames]
    /// Each region's window, fitted to the main body of its cities (`CountryFrames.mainBody(of:)`).
    let regionWindows: [PlaceRegion: MapWindow]

    init(catalog: CityCatalog, countries: GroupingPlan, regions: GroupingPlan, places: Places?) {
        world = .world(width: Self.worldWidth)
        var frames: [String: CountryFrames] = [:]
        for country in countries.groups {
            frames[country.id] = CountryFrames(Self.places(country.cities, catalog), size: Self.countrySize)
        }
        self.frames = frames
        var regionWindows: [PlaceRegion: MapWindow] = [:]
        for region in regions.groups {
            guard let place = places?.region(Int(region.cities[0])) else { continue }
            regionWindows[place] = MapWindow.fitted(to: CountryFrames.mainBody(of: Self.places(region.cities, catalog)), size: Self.regionSize)
        }
        self.regionWindows = regionWindows
    }

    /// The window of the main map of the country `code`.
    func mainWindow(_ code: String) -> MapWindow? { frames[code]?.windows[0] }

    private static func places(_ cities: [Int32], _ catalog: CityCatalog) -> [(latitude: Double, longitude: Double)] {
        cities.map { index in
            let city = catalog.cities[Int(index)]
            return (latitude: city.latitude, longitude: city.longitude)
        }
    }

    /// The map of `city`'s locator: its country's map (part 0) or the map of the outlying part that holds it.
    func locator(of city: City) -> (route: Route, window: MapWindow) {
        let frames = frames[city.country]!
        let part = frames.part(holding: (city.latitude, city.longitude))
        return (.countryMap(code: city.country, part: part), frames.windows[part])
    }

    /// The world map's ground, the same in every build: drawn once a process.
    private static let worldGround = GeographyCanvas(window: .world(width: worldWidth), geography: .bundled).pixels

    /// The world map as PNG: a pixel a city, on land, water, coasts and country borders.
    func worldPNG(_ catalog: CityCatalog) -> [UInt8] {
        var map = DotMap(window: world, radius: 0)
        for city in catalog.cities { map.add(latitude: city.latitude, longitude: city.longitude) }
        return map.png(on: Self.worldGround)
    }

    /// The world map as the 48×48 PNG icon of a `.zim` file: the world's 2:1 band across the middle, a pixel a city.
    func iconPNG(_ catalog: CityCatalog) -> [UInt8] {
        var map = DotMap(window: MapWindow(west: -180, span: 360, south: -180, north: 180, width: 48, height: 48), radius: 0)
        for city in catalog.cities { map.add(latitude: city.latitude, longitude: city.longitude) }
        return map.png()
    }

    /// Map `part` of `country` as PNG (0: its main map): a dot for each of its cities that the map is the locator
    /// of, larger where the country has few, on its geography with the borders of its first-level regions.
    func countryPNG(_ country: GroupingPlan.Group, part: Int, _ catalog: CityCatalog) -> [UInt8] {
        let frames = frames[country.id]!, window = frames.windows[part]
        let places = Self.places(country.cities, catalog).filter { frames.part(holding: $0) == part }
        return Self.png(places, of: country.cities.count, on: window, regionBorders: .near(places))
    }

    /// The map of `region` as PNG: its cities as dots, with every border of first-level regions in the window.
    func regionPNG(_ region: PlaceRegion, cities: [Int32], _ catalog: CityCatalog) -> [UInt8] {
        let window = regionWindows[region]!
        let places = Self.places(cities, catalog).filter(window.holds)
        return Self.png(places, of: cities.count, on: window, regionBorders: .all)
    }

    /// `places` as dots on `window`'s ground, larger when the map's country or region has few (`count`) places.
    private static func png(
        _ places: [(latitude: Double, longitude: Double)], of count: Int, on window: MapWindow,
        regionBorders: GeographyCanvas.RegionBorders
    ) -> [UInt8] {
        var map = DotMap(window: window, radius: count < 200 ? 2 : 1)
        for place in places { map.add(latitude: place.latitude, longitude: place.longitude) }
        return map.png(on: GeographyCanvas(window: window, geography: .bundled, regionBorders: regionBorders).pixels)
    }

    /// Where `city`'s marker goes on `window`, its locator's: percentages from the left and top, to two decimals.
    func marker(for city: City, on window: MapWindow) -> (left: String, top: String) {
        let position = window.position(latitude: city.latitude, longitude: city.longitude)
        return (Self.percent(position.x), Self.percent(position.y))
    }

    static func percent(_ fraction: Double) -> String {
        let hundredths = Int((fraction * 10_000).rounded())
        let whole = hundredths / 100, part = abs(hundredths % 100)
        return "\(hundredths < 0 && whole == 0 ? "-" : "")\(whole).\(part < 10 ? "0" : "")\(part)"
    }

    /// `search/maps/<CC>.json`: the country's map files and windows, main first, for the home page's split view
    /// (`{"version":2,"maps":{"CC":[[file, west, span, south, north, width, height], …]}}`).
    func windowJSON(_ code: String, _ layout: SiteLayout) -> [UInt8] {
        var json: [UInt8] = Array(#"{"version":2,"maps":{"#.utf8)
        if let frames = frames[code] {
            JSONText.appendQuoted(code, to: &json)
            json += ":[".utf8
            for (part, window) in frames.windows.enumerated() {
                if part > 0 { json.append(UInt8(ascii: ",")) }
                json.append(UInt8(ascii: "["))
                JSONText.appendQuoted(layout.path(.countryMap(code: code, part: part)), to: &json)
                for value in [window.west, window.span, window.south, window.north] {
                    json += ",\(Coordinate.format(value))".utf8
                }
                json += ",\(window.width),\(window.height)]".utf8
            }
            json.append(UInt8(ascii: "]"))
        }
        json += "}}".utf8
        return json
    }
}
