/// The maps of a site (SPEC §5), drawn from the data at build time: the world map, every city a dot, and one map
/// per country in a window fitted to its cities, which is also the locator of each of its detail pages.
struct SiteMaps: Sendable {
    /// The world map's width in pixels (its height is half).
    static let worldWidth = 1200
    /// A country map's longer side in pixels.
    static let countrySize = 480

    let world: MapWindow
    /// Each country's window, by code (`""` for the cities without one).
    let windows: [String: MapWindow]

    init(catalog: CityCatalog, countries: CountryPlan) {
        world = .world(width: Self.worldWidth)
        var windows: [String: MapWindow] = [:]
        for country in countries.countries {
            let places = country.cities.map { index in
                let city = catalog.cities[Int(index)]
                return (latitude: city.latitude, longitude: city.longitude)
            }
            windows[country.code] = .fitted(to: places, size: Self.countrySize)
        }
        self.windows = windows
    }

    /// The world map as PNG: a pixel a city, on land, water, coasts and country borders.
    func worldPNG(_ catalog: CityCatalog) -> [UInt8] {
        var map = DotMap(window: world, radius: 0)
        for city in catalog.cities { map.add(latitude: city.latitude, longitude: city.longitude) }
        return map.png(on: GeographyCanvas(window: world, geography: .bundled).pixels)
    }

    /// The world map as the 48×48 PNG icon of a `.zim` file: the world's 2:1 band across the middle, a pixel a city.
    func iconPNG(_ catalog: CityCatalog) -> [UInt8] {
        var map = DotMap(window: MapWindow(west: -180, span: 360, south: -180, north: 180, width: 48, height: 48), radius: 0)
        for city in catalog.cities { map.add(latitude: city.latitude, longitude: city.longitude) }
        return map.png()
    }

    /// The map of `country` as PNG: a dot a city, larger where the country has few, on its geography with the
    /// borders of its first-level regions.
    func countryPNG(_ country: CountryPlan.Country, _ catalog: CityCatalog) -> [UInt8] {
        let window = windows[country.code]!
        var map = DotMap(window: window, radius: country.cities.count < 200 ? 2 : 1)
        let places = country.cities.map { index in
            let city = catalog.cities[Int(index)]
            return (latitude: city.latitude, longitude: city.longitude)
        }
        for place in places { map.add(latitude: place.latitude, longitude: place.longitude) }
        return map.png(on: GeographyCanvas(window: window, geography: .bundled, regionsAround: places).pixels)
    }

    /// Where `city`'s marker goes on its country's map: percentages of the width from the left and of the height
    /// from the top, to two decimals (a twentieth of a pixel on a 480-pixel map).
    func marker(for city: City) -> (left: String, top: String) {
        let position = windows[city.country]!.position(latitude: city.latitude, longitude: city.longitude)
        return (Self.percent(position.x), Self.percent(position.y))
    }

    /// The box around `cities` (catalog indices) on the map of `country`, placed as `marker` places a city: left,
    /// top, width and height in per cent; nil when the country has no map.
    func frame(around cities: [Int32], onMapOf country: String, _ catalog: CityCatalog) -> (left: String, top: String, width: String, height: String)? {
        guard let window = windows[country], !cities.isEmpty else { return nil }
        var (west, north, east, south) = (1.0, 1.0, 0.0, 0.0)
        for index in cities {
            let city = catalog.cities[Int(index)]
            let position = window.position(latitude: city.latitude, longitude: city.longitude)
            // A city filed under another country's region may lie off this map: the box stays on it.
            let x = min(1, max(0, position.x)), y = min(1, max(0, position.y))
            (west, east, north, south) = (min(west, x), max(east, x), min(north, y), max(south, y))
        }
        return (Self.percent(west), Self.percent(north), Self.percent(east - west), Self.percent(south - north))
    }

    static func percent(_ fraction: Double) -> String {
        let hundredths = Int((fraction * 10_000).rounded())
        let whole = hundredths / 100, part = abs(hundredths % 100)
        return "\(hundredths < 0 && whole == 0 ? "-" : "")\(whole).\(part < 10 ? "0" : "")\(part)"
    }

    /// `search/maps/<CC>.json`: the file of the map of the country `code` (relative to the site's root) and its
    /// window, `{"version":1,"maps":{"CC":[file, west, span, south, north, width, height]}}`, for the home page's
    /// split view.
    func windowJSON(_ code: String, _ layout: SiteLayout) -> [UInt8] {
        var json: [UInt8] = Array(#"{"version":1,"maps":{"#.utf8)
        if let window = windows[code] {
            JSONText.appendQuoted(code, to: &json)
            json += ":[".utf8
            JSONText.appendQuoted(layout.path(.countryMap(code: code)), to: &json)
            for value in [window.west, window.span, window.south, window.north] {
                json += ",\(Coordinate.format(value))".utf8
            }
            json += ",\(window.width),\(window.height)]".utf8
        }
        json += "}}".utf8
        return json
    }
}
