import Foundation

/// `map.html`, the map to explore (SPEC §5, §7): Leaflet over the ground tiles (`MapTileSet`), with the largest places
/// as labels; without a script, the world map and the largest places as links.
struct ExplorePage: PageKind {
    var name: String { "explore" }
    var templates: [PageTemplate] { [.explore] }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        formats.contains(.html) ? RouteList([.page(.explore)]) : RouteList()
    }
}

extension SiteRenderer {
    /// How many of the largest places the page lists as links before its script shows those in view.
    static let mapPlacesListed = 20

    func explorePage() -> Page {
        let route = Route.page(.explore), links = layout.links(from: route)
        let head = PageHead(title: words["explore.title"], description: words.say("explore.description", ["title": title]))
        var context = common(route, head)
        appendCityURL(from: route, to: &context)
        context.append(.mapScripts, flag: true)
        context.append(.leafletStyleHref, text: links.href(to: .asset("leaflet/leaflet.css")))
        context.append(.mapStyleHref, text: links.href(to: .asset("map.css")))
        context.append(.leafletScriptHref, text: links.href(to: .asset("leaflet/leaflet.js")))
        context.append(.mapScriptHref, text: links.href(to: .asset("map.js")))
        let alt = words.say("home.worldMapAlt", ["count": language.grouped(plan.cityCount), "title": title])
        context.append(.worldMap, object: mapRow(.worldMap, maps.world, alt: alt, from: links))
        var listed = TemplateRows()
        for index in site.largest.labelled.prefix(Self.mapPlacesListed) {
            listed.append(.label, text: site.label(index))
            listed.appendText(.href) { links.appendHref(to: .city(id: catalog.cities[index].id, .html), to: &$0) }
            listed.endRow()
        }
        context.append(.mapPlaces, rows: listed)
        context.appendText(.mapData) { appendMapData(from: links, to: &$0) }
        return render(.explore, context, route, head)
    }

    /// What the page's script reads (`map.js`), as JSON safe inside `<script>`: the tiles' folder from the page, which
    /// tiles exist (`MapTileSet.existence`), the last zoom drawn, and the labelled places, largest first, each
    /// `[id, "name", "CC", lat, lon, population]`.
    private func appendMapData(from links: SiteLayout.Links, to out: inout [UInt8]) {
        let tile = links.href(to: .mapTile(MapTile(zoom: 0, x: 0, y: 0)))
        out += #"{"tiles":"#.utf8
        JSONText.appendQuoted(String(tile.dropLast("0/0/0.png".count)), to: &out)
        out += #","exist":["#.utf8
        for (z, bits) in MapTileSet.bundled.existence.enumerated() {
            if z > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(bits, to: &out)
        }
        out += #"],"land":["#.utf8
        for (z, bits) in MapTileSet.bundled.landExistence.enumerated() {
            if z > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(bits, to: &out)
        }
        out += #"],"landTile":"data:image/png;base64,"#.utf8
        out += Data(MapTileSet.landPNG).base64EncodedString().utf8
        out += #"","dots":"#.utf8
        JSONText.appendQuoted(String(links.href(to: .mapDots(MapTile(zoom: 0, x: 0, y: 0))).dropLast("0/0/0.png".count)), to: &out)
        out += #","dotsExist":["#.utf8
        for (z, bits) in site.density.existence.enumerated() {
            if z > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(bits, to: &out)
        }
        out += "],\"maxNative\":\(MapTileSet.maxZoom),\"pointsFrom\":\(MapDensity.deepest + 1),\"points\":".utf8
        JSONText.appendQuoted(String(links.href(to: .mapPoints(0)).dropLast("0.js".count)), to: &out)
        out += ",\"leaves\":[".utf8
        for (n, leaf) in site.points.leaves.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(leaf.key, to: &out)
        }
        out += "],\"idBuckets\":\(MapPoints.idBuckets),\"places\":[".utf8
        for (n, index) in site.largest.labelled.enumerated() {
            let city = catalog.cities[index]
            out += "\(n > 0 ? "," : "")[\(city.id),".utf8
            JSONText.appendQuoted(city.name, to: &out)
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(city.country, to: &out)
            out += ",\(Coordinate.format(city.latitude)),\(Coordinate.format(city.longitude)),\(site.places?.population(index) ?? 0)]".utf8
        }
        out += "]}".utf8
    }
}

extension Route {
    /// The map to explore.
    public static var explore: Route { .page(.explore) }
}
