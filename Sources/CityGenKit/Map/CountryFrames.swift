import Foundation

/// The windows of a country's maps (SPEC §5): the main one, fitted to the main body of its places, and one for each
/// outlying part, so that no record far away (Mauritius' Rodrigues) shrinks the country to a corner of its map
/// (docs/design.md, "The main body"). Places within `partDistance` degrees of each other (by way of others) form a
/// part, parts in the order of their first place; a place's locator is the first of the windows that holds it.
struct CountryFrames: Sendable, Equatable {
    /// The main window, then the parts'.
    let windows: [MapWindow]

    static let trimmed = 0.01
    static let reach = 0.5
    static let partDistance = 5.0
    static let clusterCell = 5.0

    init(_ places: [(latitude: Double, longitude: Double)], size: Int) {
        let main = MapWindow.fitted(to: Self.mainBody(of: places), size: size)
        let outlying = places.indices.filter { !main.holds(places[$0]) }
        windows = [main] + Self.parts(outlying.map { places[$0] }).map { MapWindow.fitted(to: $0, size: size) }
    }

    /// The places within half the core's larger span of the core.
    static func mainBody(of places: [(latitude: Double, longitude: Double)]) -> [(latitude: Double, longitude: Double)] {
        precondition(!places.isEmpty, "a map shows at least one place")
        let cluster = mainCluster(of: places)
        let (west, _) = MapWindow.shortestInterval(cluster.map { places[$0].longitude })
        let xs = places.map { ($0.longitude - west).truncatingRemainder(dividingBy: 360) }.map { $0 < 0 ? $0 + 360 : $0 }
        let ys = places.map(\.latitude)
        let (x0, x1) = percentiles(cluster.map { xs[$0] }), (y0, y1) = percentiles(cluster.map { ys[$0] })
        let squeeze = max(0.2, cos((y0 + y1) / 2 * .pi / 180))
        let larger = max((x1 - x0) * squeeze, y1 - y0, 1)
        let (gx, gy) = (reach * larger / squeeze, reach * larger)
        return places.indices.filter { xs[$0] >= x0 - gx && xs[$0] <= x1 + gx && ys[$0] >= y0 - gy && ys[$0] <= y1 + gy }.map { places[$0] }
    }

    /// The indices of the places in the largest group of `clusterCell`-degree cells that touch (sides or corners,
    /// across the antimeridian too) when it holds at least four fifths of them, else of every place: a country in two
    /// parts of a size is framed on both.
    static func mainCluster(of places: [(latitude: Double, longitude: Double)]) -> [Int] {
        struct Cell: Hashable { let row: Int, column: Int }
        let columns = Int(360 / clusterCell)
        var members: [Cell: [Int]] = [:]
        for (i, place) in places.enumerated() {
            let row = Int((place.latitude / clusterCell).rounded(.down))
            let column = Int(((MapWindow.normalized(place.longitude) + 180) / clusterCell).rounded(.down)) % columns
            let cell = Cell(row: row, column: column)
            members[cell, default: []].append(i)
        }
        var seen: Set<Cell> = [], largest: [Int] = []
        // Cells in a fixed order, so that of two clusters of one size the same is taken every time.
        for start in members.keys.sorted(by: { ($0.row, $0.column) < ($1.row, $1.column) }) where !seen.contains(start) {
            var cluster: [Int] = [], stack = [start]
            seen.insert(start)
            while let cell = stack.popLast() {
                cluster += members[cell]!
                for dr in -1...1 {
                    for dc in -1...1 {
                        let next = Cell(row: cell.row + dr, column: (cell.column + dc + columns) % columns)
                        if members[next] != nil, seen.insert(next).inserted { stack.append(next) }
                    }
                }
            }
            if cluster.count > largest.count { largest = cluster }
        }
        return 5 * largest.count >= 4 * places.count ? largest.sorted() : Array(places.indices)
    }

    /// The index in `windows` of the first window that holds `place` (0 when none does).
    func part(holding place: (latitude: Double, longitude: Double)) -> Int {
        windows.firstIndex { $0.holds(place) } ?? 0
    }

    /// The values at the `trimmed` and 1 − `trimmed` percentiles of `values`.
    private static func percentiles(_ values: [Double]) -> (Double, Double) {
        let sorted = values.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))] }
        return (at(trimmed), at(1 - trimmed))
    }

    /// `places` grouped into parts: places within `partDistance` degrees of each other, by way of others, in one part;
    /// parts in the order of their first place, each in the order of its places.
    private static func parts(_ places: [(latitude: Double, longitude: Double)]) -> [[(latitude: Double, longitude: Double)]] {
        var part = [Int](places.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while part[i] != i { i = part[i] }
            return i
        }
        for i in places.indices {
            for j in places.indices where j > i && distance(places[i], places[j]) <= partDistance {
                let (a, b) = (root(i), root(j))
                part[max(a, b)] = min(a, b)
            }
        }
        var groups: [Int: [(latitude: Double, longitude: Double)]] = [:], order: [Int] = []
        for i in places.indices {
            let r = root(i)
            if groups[r] == nil { order.append(r) }
            groups[r, default: []].append(places[i])
        }
        return order.map { groups[$0]! }
    }

    /// Degrees between two places on an equirectangular map scaled at their middle latitude.
    private static func distance(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let east = MapWindow.normalized(b.longitude - a.longitude) * cos((a.latitude + b.latitude) / 2 * .pi / 180)
        return (east * east + (b.latitude - a.latitude) * (b.latitude - a.latitude)).squareRoot()
    }
}

extension MapWindow {
    /// Whether `place` lies in the window (its position within [0, 1] each way).
    func holds(_ place: (latitude: Double, longitude: Double)) -> Bool {
        let (x, y) = position(latitude: place.latitude, longitude: place.longitude)
        return (0...1).contains(x) && (0...1).contains(y)
    }
}
