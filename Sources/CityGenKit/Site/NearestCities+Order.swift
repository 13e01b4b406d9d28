extension NearestCities {
    /// The nearest cities as found on one order of the catalog, with what it takes to put them in another: the tree
    /// they were found with, and which of each city's nearest are equally near.
    struct Found: Sendable {
        let nearest: NearestCities
        let tree: Tree
        /// By city: bit k set where its k-th nearest (from 0) is as near as the one before; bit `count` where the
        /// next one, not kept, is as near as the last one kept.
        let ties: [UInt16]
    }

    /// The nearest cities found in `found`, on the same cities in another order (`order[i]` is the index there of
    /// city i): the same neighbours, equally near ones in this order. A city with no tie keeps its list as it is;
    /// one whose last kept is as near as the next is searched again, as which of them is kept goes by the order.
    init(reordering found: Found, order: [Int]) {
        let newIndex = order.newIndices
        let width = found.nearest.width, edge = UInt16(1) << Self.count
        let positions = found.ties.contains { $0 & edge != 0 } ? found.tree.positions : []
        var neighbours = [UInt8](repeating: 0, count: order.count * Self.count * width)
        neighbours.withUnsafeMutableBufferPointer { buffer in
            let slots = Parallel.Shared(buffer)
            try? Parallel.forEachChunk(order.indices, chunk: 4096) { part in
                for i in part {
                    let ties = found.ties[order[i]]
                    if ties == 0 {
                        found.nearest.storeRenumbered(order[i], as: i, newIndex: newIndex, in: slots.value)
                        continue
                    }
                    var list = found.nearest.of(order[i]).map { newIndex[$0] }
                    if ties & edge != 0 {
                        list = Self.searchedAgain(order[i], at: Int(positions[order[i]]), in: found, newIndex: newIndex)
                    } else {
                        Self.sortEquallyNear(&list, ties: ties)
                    }
                    Self.store(list, of: i, width: width, in: slots.value)
                }
            }
        }
        self.init(neighbours: neighbours, width: width)
    }

    /// Sorts each run of equally near neighbours in `list` (new catalog indices) by index.
    private static func sortEquallyNear(_ list: inout [Int], ties: UInt16) {
        var start = 0
        while start < list.count {
            var end = start + 1
            while end < list.count, ties & (1 << end) != 0 { end += 1 }
            if end - start > 1 { list[start..<end].sort() }
            start = end
        }
    }

    /// The `count` nearest of city `old` (an index in `found`'s order, at `position` in its tree) as new indices,
    /// ties by those: the tree is asked for more until the farthest is farther than the last kept.
    private static func searchedAgain(_ old: Int, at position: Int, in found: Found, newIndex: [Int]) -> [Int] {
        let tree = found.tree
        var asked = count * 2
        while true {
            let near = tree.nearest(toNodeAt: position, count: asked)
            let limit = near[count - 1].distance
            guard near.count == asked, near[asked - 1].distance <= limit else {
                return near.filter { $0.distance <= limit }.map { ($0.distance, newIndex[Int($0.index)]) }.sorted { $0 < $1 }.prefix(count).map(\.1)
            }
            asked *= 2
        }
    }
}
