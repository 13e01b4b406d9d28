import Foundation

/// The nearest other cities of every city (SPEC §5, `#nearby`), by great-circle distance, ties in SPEC §3 order.
/// Found with a k-d tree over unit vectors: the chord grows with the angle, so the k nearest by chord are the k
/// nearest on the sphere, and poles and the antimeridian need no special case.
struct NearestCities: Sendable {
    static let count = 10
    static let earthRadius = 6_371.0088

    /// Catalog indices plus one (0 where the catalog has fewer other cities), `width` bytes each, little-endian:
    /// the neighbours of city i are slots `i * count ..< i * count + count`, nearest first.
    private let neighbours: [UInt8]
    let width: Int

    init(catalog: CityCatalog) {
        self = Self.find(on: catalog).nearest
    }

    /// Slots as `neighbours` holds them, `width` bytes each.
    init(neighbours: [UInt8], width: Int) {
        self.neighbours = neighbours
        self.width = width
    }

    /// The nearest cities of every city of `catalog`, with what it takes to put them in another order.
    static func find(on catalog: CityCatalog) -> Found {
        let tree = Tree(catalog.cities.map { Self.unitVector(latitude: $0.latitude, longitude: $0.longitude) })
        // Each task fills its cities' slots of one array, in the tree's order, so that one query after the other walks
        // the same few branches.
        let width = tree.order.count < 1 << 24 ? 3 : 4
        var neighbours = [UInt8](repeating: 0, count: tree.order.count * Self.count * width)
        var ties = [UInt16](repeating: 0, count: tree.order.count)
        neighbours.withUnsafeMutableBufferPointer { buffer in
            ties.withUnsafeMutableBufferPointer { tiesBuffer in
                let slots = Parallel.Shared(buffer), tied = Parallel.Shared(tiesBuffer)
                try? Parallel.forEachChunk(tree.order.indices, chunk: 2048) { part in
                    for position in part {
                        let i = Int(tree.order[position])
                        let found = tree.nearest(toNodeAt: position, count: Self.count + 1)
                        for k in found.indices.dropFirst() where found[k - 1].distance == found[k].distance { tied.value[i] |= 1 << k }
                        Self.store(found.prefix(Self.count).lazy.map { Int($0.index) }, of: i, width: width, in: slots.value)
                    }
                }
            }
        }
        return Found(nearest: NearestCities(neighbours: neighbours, width: width), tree: tree, ties: ties)
    }

    /// Writes `found`, catalog indices nearest first, into the slots of city `i` (padded with 0).
    static func store(_ found: some Sequence<Int>, of i: Int, width: Int, in slots: UnsafeMutableBufferPointer<UInt8>) {
        var slot = i * count
        for neighbour in found {
            write(neighbour + 1, at: slot, width: width, in: slots)
            slot += 1
        }
        for empty in slot..<((i + 1) * count) { write(0, at: empty, width: width, in: slots) }
    }

    /// Writes the nearest cities of city `old` into the slots of city `i` in `slots`, each renumbered by `newIndex`.
    func storeRenumbered(_ old: Int, as i: Int, newIndex: [Int], in slots: UnsafeMutableBufferPointer<UInt8>) {
        for k in 0..<Self.count {
            let value = value(ofSlot: old * Self.count + k)
            Self.write(value == 0 ? 0 : newIndex[value - 1] + 1, at: i * Self.count + k, width: width, in: slots)
        }
    }

    /// The catalog indices of the nearest other cities of the city at `index`, nearest first.
    func of(_ index: Int) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(Self.count)
        for slot in (index * Self.count)..<((index + 1) * Self.count) {
            let value = value(ofSlot: slot)
            if value > 0 { found.append(value - 1) }
        }
        return found
    }

    /// What slot `slot` holds: a catalog index plus one, or 0.
    @inline(__always) private func value(ofSlot slot: Int) -> Int {
        var value = 0
        for byte in (0..<width).reversed() { value = value << 8 | Int(neighbours[slot * width + byte]) }
        return value
    }

    /// Writes `value` (a catalog index plus one, or 0) into slot `slot` of `slots`, `width` bytes little-endian.
    @inline(__always) private static func write(_ value: Int, at slot: Int, width: Int, in slots: UnsafeMutableBufferPointer<UInt8>) {
        var value = UInt32(value)
        for byte in 0..<width {
            slots[slot * width + byte] = UInt8(truncatingIfNeeded: value)
            value >>= 8
        }
    }

    // MARK: Geometry

    static func unitVector(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let φ = latitude * .pi / 180, λ = longitude * .pi / 180
        return SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    /// Great-circle distance in km (haversine).
    static func distance(from a: City, to b: City) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// A point of the 8-point compass, clockwise from north.
    enum CompassPoint: String, CaseIterable, Sendable {
        case N, NE, E, SE, S, SW, W, NW

        /// Its word's key in the string tables.
        var wordKey: String { "compass." + rawValue }
        /// Its place in `allCases`.
        var index: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// The 8-point compass direction of the initial bearing from `a` to `b`.
    static func direction(from a: City, to b: City) -> CompassPoint {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180, Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2), x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = (atan2(y, x) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return CompassPoint.allCases[Int((degrees + 22.5) / 45) % 8]
    }

    /// A k-d tree stored in one array: the median of each range splits it, along the axis where the range is widest.
    struct Tree: Sendable {
        /// The points in the order of `order`: a node's point sits next to its subtree's.
        let points: [SIMD3<Double>]
        /// Point indices (catalog indices), arranged so that each range's middle element is its node.
        let order: [Int32]
        /// The splitting axis of the node at each position of `order`.
        let axes: [UInt8]

        init(_ points: [SIMD3<Double>]) {
            var order = (0..<Int32(points.count)).map { $0 }
            var axes = [UInt8](repeating: 0, count: points.count)
            var stack = [(0, points.count)]
            while let (low, high) = stack.popLast() {
                guard high - low > 1 else { continue }
                var minimum = SIMD3<Double>(repeating: .infinity), maximum = -minimum
                for i in low..<high {
                    minimum = pointwiseMin(minimum, points[Int(order[i])])
                    maximum = pointwiseMax(maximum, points[Int(order[i])])
                }
                let spread = maximum - minimum
                let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
                let middle = (low + high) / 2
                Self.select(&order, low, high, middle) { points[Int($0)][axis] }
                axes[middle] = UInt8(axis)
                stack += [(low, middle), (middle + 1, high)]
            }
            self.order = order
            self.axes = axes
            self.points = order.map { points[Int($0)] }
        }

        /// Where each point's node is in `order`, by point index.
        var positions: [Int32] {
            var positions = [Int32](repeating: 0, count: order.count)
            for (position, i) in order.enumerated() { positions[Int(i)] = Int32(position) }
            return positions
        }

        /// Rearranges `order[low..<high]` so that position `k` holds what a sort by `key` would put there, with
        /// nothing greater before it and nothing smaller after it (quickselect).
        private static func select(_ order: inout [Int32], _ low: Int, _ high: Int, _ k: Int, key: (Int32) -> Double) {
            var low = low, high = high - 1
            while low < high {
                let pivot = key(order[(low + high) / 2])
                var i = low, j = high
                while i <= j {
                    while key(order[i]) < pivot { i += 1 }
                    while key(order[j]) > pivot { j -= 1 }
                    if i <= j {
                        order.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j { high = j } else if k >= i { low = i } else { return }
            }
        }

        /// The `count` points nearest to the node at `position` (not itself), by squared chord, ties by index.
        func nearest(toNodeAt position: Int, count: Int) -> [(distance: Double, index: Int32)] {
            let q = points[position], target = order[position]
            // The best so far, sorted by (squared chord, index).
            var best: [(distance: Double, index: Int32)] = []
            best.reserveCapacity(count + 1)
            func consider(_ position: Int) {
                let index = order[position]
                guard index != target else { return }
                let d = points[position] - q
                let distance = (d * d).sum()
                if best.count == count, let worst = best.last, (distance, index) >= (worst.distance, worst.index) { return }
                let at = best.firstIndex { (distance, index) < ($0.distance, $0.index) } ?? best.count
                best.insert((distance, index), at: at)
                if best.count > count { best.removeLast() }
            }
            // Ranges still to search, each with a lower bound of its squared chord to the target.
            var stack = [(0, points.count, 0.0)]
            while let (low, high, bound) = stack.popLast() {
                guard low < high, best.count < count || bound <= best[best.count - 1].distance else { continue }
                let middle = (low + high) / 2
                consider(middle)
                guard high - low > 1 else { continue }
                let axis = Int(axes[middle])
                let offset = q[axis] - points[middle][axis]
                let (near, far) = offset < 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
                // The far side is searched only if it can hold something nearer than the worst kept (ties included).
                if best.count < count || offset * offset <= best[best.count - 1].distance { stack.append((far.0, far.1, offset * offset)) }
                stack.append((near.0, near.1, 0))
            }
            return best
        }
    }
}
