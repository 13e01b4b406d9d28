/// Every city as a point of the map to explore, in files the viewer loads for the part of the world in view: the
/// leaves of a quadtree of web-mercator tiles (a tile is cut in four while it holds more than `leafSize` cities, down
/// to `deepest`), named by their quadkeys (`"120"`: the tile's quadrant at each zoom, 0 top left, 1 top right, 2
/// bottom left, 3 bottom right). A leaf's cities are largest first, then in list order, so that the viewer labels
/// the largest in view. `map.html?id=` finds a city's leaf by its id's bucket (`idBuckets`).
struct MapPoints: Sendable {
    static let leafSize = 3_000, deepest = 10, idBuckets = 32

    /// Each leaf's quadkey and catalog indices, leaves in quadkey order.
    let leaves: [(key: String, cities: [Int32])]

    init(catalog: CityCatalog, places: Places?) {
        let order = (0..<catalog.count).sorted { a, b in
            let (x, y) = (places?.population(a) ?? 0, places?.population(b) ?? 0)
            return x != y ? x > y : a < b
        }
        var leaves: [(key: String, cities: [Int32])] = []
        func split(_ cities: [Int32], _ tile: MapTile, _ key: String) {
            guard cities.count > Self.leafSize, tile.zoom < Self.deepest else {
                if !cities.isEmpty { leaves.append((key, cities)) }
                return
            }
            var quarters = [[Int32]](repeating: [], count: 4)
            for index in cities {
                let city = catalog.cities[Int(index)]
                let inside = WebMercator.tile(latitude: city.latitude, longitude: city.longitude, zoom: tile.zoom + 1)
                quarters[(inside.y - 2 * tile.y) * 2 + inside.x - 2 * tile.x].append(index)
            }
            for (q, part) in quarters.enumerated() {
                split(part, MapTile(zoom: tile.zoom + 1, x: 2 * tile.x + q % 2, y: 2 * tile.y + q / 2), key + String(q))
            }
        }
        split(order.map(Int32.init), MapTile(zoom: 0, x: 0, y: 0), "")
        self.leaves = leaves
    }

    /// Leaf `n` as a script: `citygenPoints(n, {"regions":[…],"points":[[id,"name","CC",lat,lon,population,region],…]})`,
    /// a region its number in `regions` (−1 for none) and a population 0 where it is not known.
    func script(_ n: Int, catalog: CityCatalog, places: Places?, labels: PlaceLabels?) -> [UInt8] {
        var regions: [String: Int] = [:], names: [String] = [], rows: [UInt8] = []
        for (k, index) in leaves[n].cities.lazy.map(Int.init).enumerated() {
            let city = catalog.cities[index]
            var region = -1
            if let name = labels?.regionName(index) {
                region = regions[name] ?? names.count
                if region == names.count { (regions[name], names) = (region, names + [name]) }
            }
            rows += "\(k > 0 ? "," : "")[\(city.id),".utf8
            JSONText.appendQuoted(city.name, to: &rows)
            rows.append(UInt8(ascii: ","))
            JSONText.appendQuoted(city.country, to: &rows)
            rows += ",\(Coordinate.format(city.latitude)),\(Coordinate.format(city.longitude)),\(places?.population(index) ?? 0),\(region)]".utf8
        }
        var out = Array("citygenPoints(\(n),{\"regions\":[".utf8)
        for (k, name) in names.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(name, to: &out)
        }
        return out + "],\"points\":[".utf8 + rows + "]});\n".utf8
    }

    /// Id bucket `b` as a script: `citygenPointIDs(b, [id, leaf, id, leaf, …])`, the cities whose id is `b` modulo
    /// `idBuckets`, in id order.
    func idScript(_ b: Int, catalog: CityCatalog) -> [UInt8] {
        var pairs: [(id: Int, leaf: Int)] = []
        for (n, leaf) in leaves.enumerated() {
            for index in leaf.cities where SiteLayout.folderNumber(of: catalog.cities[Int(index)].id, among: Self.idBuckets) == b {
                pairs.append((catalog.cities[Int(index)].id, n))
            }
        }
        pairs.sort { $0.id < $1.id }
        return Array("citygenPointIDs(\(b),[\(pairs.map { "\($0.id),\($0.leaf)" }.joined(separator: ","))]);\n".utf8)
    }
}

/// The map to explore's cities at the zooms where the viewer draws none itself (`deepest` and below): tiles of dots
/// on a transparent ground (`map/dots/<z>/<x>/<y>.png`), a pixel each city, darker where they are denser, as the
/// world map draws them. A tile without a city is left out.
struct MapDensity: Sendable {
    static let deepest = 3

    let tiles: [MapTile: [UInt8]]

    init(catalog: CityCatalog) {
        var tiles: [MapTile: [UInt8]] = [:]
        let size = WebMercator.tileSize
        for zoom in 0...Self.deepest {
            var counts: [MapTile: [UInt32]] = [:]
            for city in catalog.cities {
                let (x, y) = WebMercator.pixel(latitude: city.latitude, longitude: city.longitude, zoom: zoom)
                let last = (size << zoom) - 1, px = min(last, max(0, Int(x))), py = min(last, max(0, Int(y)))
                let tile = MapTile(zoom: zoom, x: px / size, y: py / size)
                counts[tile, default: [UInt32](repeating: 0, count: size * size)][(py % size) * size + px % size] &+= 1
            }
            for (tile, count) in counts {
                let top = UInt32(MapPalette.dotLevels - 1)
                let indices = count.map { $0 == 0 ? MapPalette.transparent : MapPalette.firstDot + UInt8(min(top, UInt32(31 - $0.leadingZeroBitCount))) }
                tiles[tile] = PNGEncoder.palette(width: size, height: size, indices: indices, palette: MapPalette.colors)
            }
        }
        self.tiles = tiles
    }

    /// Which tiles exist, as `MapTileSet.existence` says it.
    var existence: [String] { MapTileSet.existence(of: tiles.keys.sorted()) }
}
