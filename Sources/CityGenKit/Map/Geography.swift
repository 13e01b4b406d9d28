import Foundation

/// Land, lakes and borders from Natural Earth (public domain), as `scripts/geography` packs them into the resource
/// `geography.bin` (its format is in the script): rings and lines of points in hundredths of a degree.
struct Geography: Sendable {
    /// One layer: items (rings or lines) of points, each item's points consecutive in `xs` and `ys`.
    struct Layer: Sendable {
        /// Where each item starts in `xs` and `ys`, and one past the last item's end.
        let starts: [Int32]
        let xs: [Int16], ys: [Int16]
        /// Each item's bounds in hundredths of a degree: west, south, east, north.
        let bounds: [(west: Int16, south: Int16, east: Int16, north: Int16)]
        /// Runs of at most `chunkLength` edges of each item, in order, with their bounds: a map skips the runs it does
        /// not show instead of every edge of a continent. Run k of item i is `chunks[chunkStarts[i] + k]`.
        let chunks: [Chunk]
        let chunkStarts: [Int32]
        /// The items whose bounds touch each cell of a grid of `cellSize` over the world, cell by cell, so that a map
        /// looks only at the items of the cells its window covers.
        private let cellItems: [Int32]
        private let cellStarts: [Int32]

        /// A grid cell's side in hundredths of a degree, and the grid's columns and rows.
        private static let cellSize = 500
        private static let columns = 36_000 / cellSize, rows = 18_000 / cellSize

        struct Chunk: Sendable {
            /// The indices in `xs` and `ys` of its first and last point (its edges join each point to the next).
            let first: Int32, last: Int32
            let west: Int16, south: Int16, east: Int16, north: Int16
        }

        static let chunkLength = 32

        var count: Int { bounds.count }

        init(starts: [Int32], xs: [Int16], ys: [Int16], bounds: [(west: Int16, south: Int16, east: Int16, north: Int16)]) {
            (self.starts, self.xs, self.ys, self.bounds) = (starts, xs, ys, bounds)
            var chunks: [Chunk] = [], chunkStarts: [Int32] = []
            chunks.reserveCapacity(xs.count / Self.chunkLength + bounds.count)
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    for i in 0..<bounds.count {
                        chunkStarts.append(Int32(chunks.count))
                        var first = Int(starts[i])
                        let end = Int(starts[i + 1])
                        repeat {
                            let last = min(end - 1, first + Self.chunkLength)
                            var (west, south, east, north) = (xs[first], ys[first], xs[first], ys[first])
                            for p in first...last {
                                (west, east) = (min(west, xs[p]), max(east, xs[p]))
                                (south, north) = (min(south, ys[p]), max(north, ys[p]))
                            }
                            chunks.append(Chunk(first: Int32(first), last: Int32(last), west: west, south: south, east: east, north: north))
                            first = last
                        } while first < end - 1
                    }
                }
            }
            chunkStarts.append(Int32(chunks.count))
            (self.chunks, self.chunkStarts) = (chunks, chunkStarts)
            var cells = [[Int32]](repeating: [], count: Self.columns * Self.rows)
            for (i, b) in bounds.enumerated() {
                let (columns, rows) = Self.cells(west: Int(b.west), east: Int(b.east), south: Int(b.south), north: Int(b.north))
                for row in rows {
                    for column in columns { cells[row * Self.columns + column].append(Int32(i)) }
                }
            }
            cellStarts = cells.reduce(into: [0]) { $0.append($0.last! + Int32($1.count)) }
            cellItems = cells.flatMap { $0 }
        }

        /// The columns and rows of the cells that a box (hundredths of a degree, within the world) touches.
        private static func cells(west: Int, east: Int, south: Int, north: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            func cell(_ value: Int, from origin: Int, count: Int) -> Int { min(count - 1, max(0, (value + origin) / cellSize)) }
            return (
                cell(west, from: 18_000, count: columns)...cell(east, from: 18_000, count: columns),
                cell(south, from: 9_000, count: rows)...cell(north, from: 9_000, count: rows)
            )
        }

        /// The items whose bounds may overlap the box `west`...`east`, `south`...`north` (hundredths of a degree, west
        /// and east possibly beyond the world's edges), each once, in order: a superset, which the caller checks.
        func items(west: Double, east: Double, south: Double, north: Double) -> [Int32] {
            guard east >= -18_000, west <= 18_000, north >= -9_000, south <= 9_000, west <= east, south <= north else { return [] }
            let (columns, rows) = Self.cells(
                west: Int(max(west, -18_000).rounded(.down)), east: Int(min(east, 18_000).rounded(.up)),
                south: Int(max(south, -9_000).rounded(.down)), north: Int(min(north, 9_000).rounded(.up)))
            var found: [Int32] = []
            for row in rows {
                let cellsOfRow = row * Self.columns
                found += cellItems[Int(cellStarts[cellsOfRow + columns.lowerBound])..<Int(cellStarts[cellsOfRow + columns.upperBound + 1])]
            }
            found.sort()
            var unique = 0
            for item in found where unique == 0 || found[unique - 1] != item {
                found[unique] = item
                unique += 1
            }
            found.removeLast(found.count - unique)
            return found
        }
    }

    let land: Layer
    let lakes: Layer
    let countryBorders: Layer
    let regionBorders: Layer

    /// The geography that ships inside citygen, read once.
    static let bundled: Geography = {
        guard let url = Bundle.module.url(forResource: "geography", withExtension: "bin"), let data = try? Data(contentsOf: url),
            let geography = Geography(Array(data))
        else { preconditionFailure("citygen's resource geography.bin is missing or damaged: scripts/geography makes it") }
        return geography
    }()

    /// The layers of `bytes` in the resource's format; nil when they are not in it.
    init?(_ bytes: [UInt8]) {
        guard let layers = bytes.withUnsafeBufferPointer(Self.layers), let land = layers[1], let lakes = layers[2],
            let countryBorders = layers[3], let regionBorders = layers[4]
        else { return nil }
        (self.land, self.lakes, self.countryBorders, self.regionBorders) = (land, lakes, countryBorders, regionBorders)
    }

    /// The layers, by kind.
    private static func layers(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8: Layer]? {
        var reader = Reader(bytes: bytes)
        guard reader.take(4).map(Array.init) == Array("CGEO".utf8), reader.byte() == 1, let count = reader.byte() else { return nil }
        var layers: [UInt8: Layer] = [:]
        for _ in 0..<count {
            guard let kind = reader.byte(), let items = reader.uint32(), let layer = reader.layer(items: Int(items), closed: kind <= 2) else { return nil }
            layers[kind] = layer
        }
        return reader.atEnd ? layers : nil
    }

    /// Reads the resource's bytes in place (a build decodes some 400,000 points).
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            offset += 1
            return bytes[offset - 1]
        }

        mutating func take(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
            guard bytes.count - offset >= n else { return nil }
            offset += n
            return UnsafeBufferPointer(rebasing: bytes[offset - n..<offset])
        }

        mutating func uint32() -> UInt32? {
            guard let b = take(4) else { return nil }
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }

        mutating func varint() -> Int? {
            var value = 0, shift = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
                if shift > 35 { return nil }
            }
            return nil
        }

        mutating func zigzag() -> Int? {
            guard let value = varint() else { return nil }
            return value & 1 == 0 ? value >> 1 : -(value >> 1) - 1
        }

        /// `items` rings (`closed`: the last point is the first, added when the data leaves it out) or lines.
        mutating func layer(items: Int, closed: Bool) -> Layer? {
            var starts: [Int32] = [0], xs: [Int16] = [], ys: [Int16] = []
            var bounds: [(west: Int16, south: Int16, east: Int16, north: Int16)] = []
            starts.reserveCapacity(items + 1)
            bounds.reserveCapacity(items)
            xs.reserveCapacity((bytes.count - offset) / 2)
            ys.reserveCapacity((bytes.count - offset) / 2)
            var x = 0, y = 0
            for _ in 0..<items {
                guard let count = varint(), count > 0 else { return nil }
                var west = Int.max, south = Int.max, east = Int.min, north = Int.min
                for _ in 0..<count {
                    guard let dx = zigzag(), let dy = zigzag() else { return nil }
                    x += dx
                    y += dy
                    guard (-18_000...18_000).contains(x), (-9_000...9_000).contains(y) else { return nil }
                    xs.append(Int16(x))
                    ys.append(Int16(y))
                    (west, east, south, north) = (min(west, x), max(east, x), min(south, y), max(north, y))
                }
                let first = Int(starts[starts.count - 1])
                if closed, xs[first] != xs[xs.count - 1] || ys[first] != ys[ys.count - 1] {
                    xs.append(xs[first])
                    ys.append(ys[first])
                }
                starts.append(Int32(xs.count))
                bounds.append((Int16(west), Int16(south), Int16(east), Int16(north)))
            }
            return Layer(starts: starts, xs: xs, ys: ys, bounds: bounds)
        }
    }
}
