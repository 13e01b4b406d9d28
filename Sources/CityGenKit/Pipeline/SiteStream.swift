import Dispatch

/// The site as one stream of files, which a sink takes: the folder (the incremental build's keep policy in `make`) as
/// each is made, on the core that made it, since its files are independent; an archive in order on the calling thread,
/// a block rendering on all cores while it takes the last, so that few files are held at once. The preview asks the
/// same `SiteFiles` for one path. The one place that decides how rendering is spread over the cores.
struct SiteStream: Sendable {
    /// One route of the stream: its site's number among `sites` and its number in that site's routes.
    struct Item: Sendable {
        let site: Int32, route: Int32
    }

    /// What makes the files of routes of one site that are made together (`SiteFiles.madeTogether`: a city's
    /// formats), from the site's number, the routes and their paths.
    typealias Make = @Sendable (Int, [Route], [String]) throws -> [SiteFiles.File]

    let sites: [SiteFiles]
    /// Which routes it holds.
    let including: @Sendable (Route) -> Bool
    /// Routes a block: a few megabytes of pages held at once, enough work per block for every core.
    static let blockSize = 512

    /// The routes of `sites` that `including` keeps.
    init(_ sites: [SiteFiles], including: @escaping @Sendable (Route) -> Bool = { _ in true }) {
        (self.sites, self.including) = (sites, including)
    }

    /// Its routes in path order (an archive's): a list made for the purpose, where `forEach` holds none.
    var itemsByPath: [Item] {
        var items: [Item] = []
        for (s, files) in sites.enumerated() {
            for (r, route) in files.routes.enumerated() where including(route) { items.append(Item(site: Int32(s), route: Int32(r))) }
        }
        let paths = items.map { sites[Int($0.site)].layout.path(sites[Int($0.site)].routes[Int($0.route)]) }
        return paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }.map { items[$0] }
    }

    /// Makes every route's files with `make` on all cores and hands each route's to `sink` on the same core, in no
    /// order: freed where they were made, as glibc's arenas want. The first error ends the stream.
    func forEach(make: Make, sink: @Sendable ([SiteFiles.File]) throws -> Void) throws {
        for (s, files) in sites.enumerated() {
            let routes = files.routes
            // A few routes (the maps, which differ in cost) one a task; else every route, `including` asked on the way,
            // 256 a task: no list of them held.
            let few = routes.indices.count { including(routes[$0]) } < routes.count / 64
            let chosen = few ? routes.indices.filter { including(routes[$0]) } : []
            try Parallel.forEachChunk(few ? chosen.indices : routes.indices, chunk: few ? 1 : 256) { chunk in
                var group: [Route] = []
                for i in chunk {
                    let route = routes[few ? chosen[i] : i]
                    guard few || including(route) else { continue }
                    if let last = group.last, !SiteFiles.madeTogether(last, route) {
                        try sink(try make(s, group, group.map(files.layout.path)))
                        group.removeAll(keepingCapacity: true)
                    }
                    group.append(route)
                }
                if !group.isEmpty { try sink(try make(s, group, group.map(files.layout.path))) }
            }
        }
    }

    /// Makes every item's files with `make` on all cores and hands each item's to `sink`, in order. The first error of
    /// either ends the stream once the block rendering ahead has ended.
    func inOrder(make: @escaping Make, sink: ([SiteFiles.File]) throws -> Void) throws {
        let items = itemsByPath
        let blocks = stride(from: 0, to: items.count, by: Self.blockSize).map { $0..<min(items.count, $0 + Self.blockSize) }
        guard let first = blocks.first else { return }
        var next = Result { try render(first, of: items, make) }
        for k in blocks.indices {
            let files = try next.get()
            let ahead = Locked<Result<[[SiteFiles.File]], Error>?>(nil), group = DispatchGroup()
            if k + 1 < blocks.count {
                DispatchQueue.global().async(group: group) { [self] in
                    let made = Result { try render(blocks[k + 1], of: items, make) }
                    ahead.withLock { $0 = made }
                }
            }
            defer { group.wait() }
            for item in files { try sink(item) }
            group.wait()
            if let made = ahead.withLock({ $0 }) { next = made }
        }
    }

    /// The files of the items of `block`: those made together in the first one's place, the others' left empty.
    private func render(_ block: Range<Int>, of items: [Item], _ make: Make) throws -> [[SiteFiles.File]] {
        var made = [[SiteFiles.File]](repeating: [], count: block.count)
        let route: @Sendable (Int) -> Route = { [sites] i in sites[Int(items[i].site)].routes[Int(items[i].route)] }
        let together: @Sendable (Int) -> Bool = { i in
            i > block.lowerBound && items[i].site == items[i - 1].site && SiteFiles.madeTogether(route(i - 1), route(i))
        }
        try made.withUnsafeMutableBufferPointer { buffer in
            let out = Parallel.Shared(buffer)
            // Small chunks: a block of maps differs in cost from map to map.
            try Parallel.forEachChunk(block, chunk: max(1, block.count / 64)) { chunk in
                for i in chunk where !together(i) {
                    var end = i + 1
                    while end < block.upperBound, together(end) { end += 1 }
                    let files = sites[Int(items[i].site)], routes = (i..<end).map(route)
                    out.value[i - block.lowerBound] = try make(Int(items[i].site), routes, routes.map(files.layout.path))
                }
            }
        }
        return made
    }
}
