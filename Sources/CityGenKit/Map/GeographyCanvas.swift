/// A map's ground, drawn from `Geography` in a `MapWindow`: water, land filled with its coasts drawn, lakes, country
/// borders and, on a country's own map, its regions' borders. Pixels are `MapPalette` indices, row by row.
struct GeographyCanvas {
    let window: MapWindow
    private(set) var pixels: [UInt8]
    /// The window's bounds in hundredths of a degree (east may pass 18,000), and pixels per hundredth of a degree.
    private let bounds: (west: Double, east: Double, south: Double, north: Double)
    private let scale: (x: Double, y: Double)

    /// The ground of `window` from `geography`. With `regionsAround`, the places of a country, it adds the borders of
    /// first-level regions near them: Natural Earth's region lines do not say whose they are, and a country's map
    /// shows its own regions, not its neighbours'.
    init(window: MapWindow, geography: Geography, regionsAround places: [(latitude: Double, longitude: Double)]? = nil) {
        self.window = window
        bounds = (window.west * 100, (window.west + window.span) * 100, window.south * 100, window.north * 100)
        scale = (Double(window.width) / (window.span * 100), Double(window.height) / ((window.north - window.south) * 100))
        pixels = [UInt8](repeating: MapPalette.water, count: window.width * window.height)
        fill(geography.land, with: MapPalette.land)
        stroke(geography.land, with: MapPalette.coast)
        fill(geography.lakes, with: MapPalette.water)
        stroke(geography.lakes, with: MapPalette.coast)
        if let places { stroke(geography.regionBorders, with: MapPalette.regionBorder, near: Near(places, on: window)) }
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

    /// Whether item `i` of `layer`, shifted by `shift`, overlaps the window.
    private func overlaps(_ i: Int, of layer: Geography.Layer, shifted shift: Double) -> Bool {
        let b = layer.bounds[i]
        return Self.overlaps(west: b.west, south: b.south, east: b.east, north: b.north, shifted: shift, bounds)
    }

    private static func overlaps(
        west: Int16, south: Int16, east: Int16, north: Int16, shifted shift: Double, _ bounds: (west: Double, east: Double, south: Double, north: Double)
    ) -> Bool {
        Double(north) >= bounds.south && Double(south) <= bounds.north && Double(east) + shift >= bounds.west && Double(west) + shift <= bounds.east
    }

    /// The runs of edges of item `i` of `layer` that may draw in the window shifted by `shift`: for a fill, those
    /// that reach a row of it (a run beside it still counts for which side is inside), for a stroke those inside it.
    /// (Static, so that it holds no copy of `pixels` while they are drawn.)
    private static func runs(
        of i: Int, in layer: Geography.Layer, shifted shift: Double, fill: Bool, _ bounds: (west: Double, east: Double, south: Double, north: Double)
    ) -> some Sequence<Geography.Layer.Chunk> {
        layer.chunks[Int(layer.chunkStarts[i])..<Int(layer.chunkStarts[i + 1])].lazy.filter { c in
            fill
                ? Double(c.north) >= bounds.south && Double(c.south) <= bounds.north && Double(c.west) + shift <= bounds.east
                : overlaps(west: c.west, south: c.south, east: c.east, north: c.north, shifted: shift, bounds)
        }
    }

    /// Pixel coordinates (x right, y down, not clamped) of a point in hundredths of a degree, shifted by `shift`.
    private func project(_ x: Int16, _ y: Int16, shift: Double) -> (x: Double, y: Double) {
        ((Double(x) + shift - bounds.west) * scale.x, (bounds.north - Double(y)) * scale.y)
    }

    /// Fills the rings of `layer`, even-odd: a pixel is inside when its centre is.
    private mutating func fill(_ layer: Geography.Layer, with color: UInt8) {
        let width = window.width, height = window.height
        // Where each ring's edges cross each row's centre line, gathered by row.
        var crossings = [[Double]](repeating: [], count: height)
        for i in 0..<layer.count {
            for shift in Self.turns where overlaps(i, of: layer, shifted: shift) {
                for run in Self.runs(of: i, in: layer, shifted: shift, fill: true, bounds) {
                    var previous = project(layer.xs[Int(run.first)], layer.ys[Int(run.first)], shift: shift)
                    for p in Int(run.first + 1)...Int(run.last) {
                        let point = project(layer.xs[p], layer.ys[p], shift: shift)
                        defer { previous = point }
                        let (top, bottom) = previous.y < point.y ? (previous, point) : (point, previous)
                        // Rows whose centre y + 0.5 lies in [top.y, bottom.y).
                        let first = max(0, Int((top.y - 0.5).rounded(.up))), last = min(height - 1, Int((bottom.y - 0.5).rounded(.up)) - 1)
                        guard first <= last else { continue }
                        let slope = (bottom.x - top.x) / (bottom.y - top.y)
                        for row in first...last {
                            crossings[row].append(top.x + (Double(row) + 0.5 - top.y) * slope)
                        }
                    }
                }
            }
        }
        for row in 0..<height where !crossings[row].isEmpty {
            let xs = crossings[row].sorted()
            var k = 0
            while k < xs.count, xs[k] < Double(width) {
                // Pixels whose centre x + 0.5 lies in [xs[k], xs[k + 1]); a last crossing without its pair (it lay in
                // a run beyond the right edge, left out) is inside to the edge.
                let end = k + 1 < xs.count ? min(xs[k + 1], Double(width)) : Double(width)
                let from = max(0, Int((max(xs[k], -1) - 0.5).rounded(.up))), to = min(width - 1, Int((end - 0.5).rounded(.up)) - 1)
                if from <= to {
                    for x in from...to { pixels[row * width + x] = color }
                }
                k += 2
            }
        }
    }

    /// Draws the lines of `layer` (or the outlines of its rings) one pixel wide, only in the cells of `near` when given.
    private mutating func stroke(_ layer: Geography.Layer, with color: UInt8, near: Near? = nil) {
        let width = window.width, height = window.height
        for i in 0..<layer.count {
            for shift in Self.turns where overlaps(i, of: layer, shifted: shift) {
                for run in Self.runs(of: i, in: layer, shifted: shift, fill: false, bounds) {
                    var previous = project(layer.xs[Int(run.first)], layer.ys[Int(run.first)], shift: shift)
                    for p in Int(run.first + 1)...Int(run.last) {
                        let point = project(layer.xs[p], layer.ys[p], shift: shift)
                        defer { previous = point }
                        // A segment wholly off one side of the image draws nothing.
                        if max(previous.x, point.x) < 0 || min(previous.x, point.x) >= Double(width) || max(previous.y, point.y) < 0
                            || min(previous.y, point.y) >= Double(height)
                        {
                            continue
                        }
                        let steps = max(1, Int(max(abs(point.x - previous.x), abs(point.y - previous.y)).rounded(.up)))
                        for step in 0...steps {
                            let t = Double(step) / Double(steps)
                            let x = Int((previous.x + (point.x - previous.x) * t).rounded(.down))
                            let y = Int((previous.y + (point.y - previous.y) * t).rounded(.down))
                            if x >= 0, x < width, y >= 0, y < height, near?.contains(x, y) ?? true { pixels[y * width + x] = color }
                        }
                    }
                }
            }
        }
    }
}
