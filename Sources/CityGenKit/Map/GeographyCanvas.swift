/// A map's ground, drawn from `Geography` in a `MapWindow`: water, land filled with its coasts drawn, lakes, country
/// borders and, on a country's own map, its regions' borders. Pixels are `MapPalette` indices, row by row.
struct GeographyCanvas {
    let window: MapWindow
    private(set) var pixels: [UInt8]
    /// The window's bounds in hundredths of a degree (east may pass 18,000), and pixels per hundredth of a degree.
    private let bounds: (west: Double, east: Double, south: Double, north: Double)
    private let scale: (x: Double, y: Double)
    /// With web mercator's rows (a tile of the map to explore): mercator's y of the top row, and pixels per unit of it.
    private let mercator: (top: Double, scale: Double)?

    /// Which borders of first-level regions a map draws. Natural Earth's region lines do not say whose they are: a
    /// country's map draws those near its places (its own regions, not its neighbours'), a region's map every one in
    /// its window (its own border and its neighbours').
    enum RegionBorders {
        case none
        case near([(latitude: Double, longitude: Double)])
        case all
    }

    /// The ground of `window` from `geography`, with `regionBorders`; its rows equirectangular, or web mercator's.
    init(window: MapWindow, geography: Geography, regionBorders: RegionBorders = .none, mercator: Bool = false) {
        self.window = window
        bounds = (window.west * 100, (window.west + window.span) * 100, window.south * 100, window.north * 100)
        scale = (Double(window.width) / (window.span * 100), Double(window.height) / ((window.north - window.south) * 100))
        let top = WebMercator.y(window.north)
        self.mercator = mercator ? (top, Double(window.height) / (top - WebMercator.y(window.south))) : nil
        pixels = [UInt8](repeating: MapPalette.water, count: window.width * window.height)
        fill(geography.land, with: MapPalette.land)
        stroke(geography.land, with: MapPalette.coast)
        fill(geography.lakes, with: MapPalette.water)
        stroke(geography.lakes, with: MapPalette.coast)
        switch regionBorders {
        case .none: break
        case .near(let places): stroke(geography.regionBorders, with: MapPalette.regionBorder, near: Near(places, on: window))
        case .all: stroke(geography.regionBorders, with: MapPalette.regionBorder)
        }
        stroke(geography.countryBorders, with: MapPalette.border)
    }

    /// The cells of a grid over the image that hold one of some places, or touch one that does.
    struct Near {
        static let cell = 16
        let columns: Int
        private(set) var marked: [Bool]

        init(_ places: [(latitude: Double, longitude: Double)], on window: MapWindow) {
            columns = (window.width + Self.cell - 1) / Self.cell
            let rows = (window.height + Self.cell - 1) / Self.cell
            marked = [Bool](repeating: false, count: columns * rows)
            for place in places {
                let (x, y) = window.pixel(latitude: place.latitude, longitude: place.longitude)
                let (column, row) = (x / Self.cell, y / Self.cell)
                for r in max(0, row - 1)...min(rows - 1, row + 1) {
                    for c in max(0, column - 1)...min(columns - 1, column + 1) { marked[r * columns + c] = true }
                }
            }
        }

        func contains(_ x: Int, _ y: Int) -> Bool { marked[(y / Self.cell) * columns + x / Self.cell] }
    }

    /// Whole turns in hundredths of a degree: a window may run across the antimeridian, where Natural Earth cuts
    /// every ring and line, so an item is drawn shifted by each of these that makes it overlap the window.
    private static let turns: [Double] = [-36_000, 0, 36_000]

    /// Whether an item's bounds `b`, shifted by `shift`, overlap the window's `bounds`.
    private static func overlaps(
        _ b: (west: Int16, south: Int16, east: Int16, north: Int16), shifted shift: Double, _ bounds: (west: Double, east: Double, south: Double, north: Double)
    ) -> Bool {
        overlaps(west: b.west, south: b.south, east: b.east, north: b.north, shifted: shift, bounds)
    }

    private static func overlaps(
        west: Int16, south: Int16, east: Int16, north: Int16, shifted shift: Double, _ bounds: (west: Double, east: Double, south: Double, north: Double)
    ) -> Bool {
        Double(north) >= bounds.south && Double(south) <= bounds.north && Double(east) + shift >= bounds.west && Double(west) + shift <= bounds.east
    }

    /// The runs of edges of item `i` of `layer` that may draw in the window shifted by `shift`: for a fill, those
    /// that reach a row of it, for a stroke those inside it (static: it holds no copy of `pixels`).
    private static func runs(
        of i: Int, in layer: Geography.Layer, shifted shift: Double, fill: Bool, _ bounds: (west: Double, east: Double, south: Double, north: Double)
    ) -> some Sequence<Geography.Layer.Chunk> {
        layer.chunks[Int(layer.chunkStarts[i])..<Int(layer.chunkStarts[i + 1])].lazy.filter { c in
            fill
                ? Double(c.north) >= bounds.south && Double(c.south) <= bounds.north && Double(c.west) + shift <= bounds.east
                : overlaps(west: c.west, south: c.south, east: c.east, north: c.north, shifted: shift, bounds)
        }
    }

    /// Calls `edge` with each edge (x0, y0, x1, y1 in pixels, not clamped) of the `runs` of `layer`.
    private func forEachEdge(of layer: Geography.Layer, fill: Bool, _ edge: (Double, Double, Double, Double) -> Void) {
        let (bounds, scale, mercator) = (bounds, scale, mercator)
        let row: (Int16) -> Double = { y in
            guard let mercator else { return (bounds.north - Double(y)) * scale.y }
            return (mercator.top - WebMercator.y(Double(y) / 100)) * mercator.scale
        }
        layer.xs.withUnsafeBufferPointer { xs in
            layer.ys.withUnsafeBufferPointer { ys in
                // Shift by shift, not item by item: the pixels are the same in any order.
                for shift in Self.turns {
                    for item in layer.items(west: bounds.west - shift, east: bounds.east - shift, south: bounds.south, north: bounds.north) {
                        let i = Int(item)
                        guard Self.overlaps(layer.bounds[i], shifted: shift, bounds) else { continue }
                        let left = bounds.west - shift
                        for run in Self.runs(of: i, in: layer, shifted: shift, fill: fill, bounds) {
                            var x0 = (Double(xs[Int(run.first)]) - left) * scale.x, y0 = row(ys[Int(run.first)])
                            for p in Int(run.first + 1)...Int(run.last) {
                                let x1 = (Double(xs[p]) - left) * scale.x, y1 = row(ys[p])
                                edge(x0, y0, x1, y1)
                                (x0, y0) = (x1, y1)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Fills the rings of `layer`, even-odd: a pixel is inside when its centre is.
    private mutating func fill(_ layer: Geography.Layer, with color: UInt8) {
        let (width, height) = (window.width, window.height)
        // Where each ring's edges cross each row's centre line, gathered by row.
        var crossings = [[Double]](repeating: [], count: height)
        forEachEdge(of: layer, fill: true) { x0, y0, x1, y1 in
            let (topX, topY, bottomX, bottomY) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
            // Rows whose centre y + 0.5 lies in [topY, bottomY).
            let first = max(0, Int((topY - 0.5).rounded(.up))), last = min(height - 1, Int((bottomY - 0.5).rounded(.up)) - 1)
            guard first <= last else { return }
            let slope = (bottomX - topX) / (bottomY - topY)
            for row in first...last {
                crossings[row].append(topX + (Double(row) + 0.5 - topY) * slope)
            }
        }
        pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<height where !crossings[row].isEmpty {
                let xs = crossings[row].sorted()
                var k = 0
                while k < xs.count, xs[k] < Double(width) {
                    // Pixels whose centre x + 0.5 lies in [xs[k], xs[k + 1]); a last crossing without its pair (it lay
                    // in a run beyond the right edge, left out) is inside to the edge.
                    let end = k + 1 < xs.count ? min(xs[k + 1], Double(width)) : Double(width)
                    let from = max(0, Int((max(xs[k], -1) - 0.5).rounded(.up))), to = min(width - 1, Int((end - 0.5).rounded(.up)) - 1)
                    if from <= to {
                        for x in from...to { pixels[row * width + x] = color }
                    }
                    k += 2
                }
            }
        }
    }

    /// Draws the lines of `layer` (or the outlines of its rings) one pixel wide, only in the cells of `near` when given.
    private mutating func stroke(_ layer: Geography.Layer, with color: UInt8, near: Near? = nil) {
        let (width, height) = (window.width, window.height)
        let (w, h) = (Double(width), Double(height))
        var pixels = pixels
        self.pixels = []  // moved out: the drawing below reads the window from self while it writes them
        pixels.withUnsafeMutableBufferPointer { pixels in
            forEachEdge(of: layer, fill: false) { x0, y0, x1, y1 in
                // A segment wholly off one side of the image draws nothing.
                if max(x0, x1) < 0 || min(x0, x1) >= w || max(y0, y1) < 0 || min(y0, y1) >= h { return }
                let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
                let (dx, dy) = ((x1 - x0) / Double(steps), (y1 - y0) / Double(steps))
                var (x, y) = (x0, y0)
                for _ in 0...steps {
                    let (px, py) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
                    if px >= 0, px < width, py >= 0, py < height, near?.contains(px, py) ?? true { pixels[py * width + px] = color }
                    x += dx
                    y += dy
                }
            }
        }
        self.pixels = pixels
    }
}
