extension SiteLayout {
    /// Two routes of `routes` that the layout gives the same path, if any (like zola's `find_path_collisions`): one
    /// file would overwrite the other, so the build stops before writing with both named.
    func pathCollision(in routes: RouteList) -> (first: Route, second: Route, path: String)? {
        // Each path's hash, in two halves by its top bit, the half's low 32 bits sorted in place: 4 bytes for half the
        // routes at a time, where the check comes at the build's peak of memory. Only for the hashes that meet are the
        // paths made and compared.
        var shared = Set<Int>()
        for half: UInt in 0..<2 {
            let kept = Locked([UInt32]())
            kept.withLock { $0.reserveCapacity(routes.count / 2 + routes.count / 32) }
            try? Parallel.forEachChunk(routes.indices, chunk: 16_384) { chunk in
                var path: [UInt8] = [], found: [UInt32] = []
                for i in chunk {
                    let hash = hash(of: routes[i], in: &path)
                    if UInt(bitPattern: hash) >> 63 == half { found.append(UInt32(truncatingIfNeeded: hash)) }
                }
                kept.withLock { $0 += found }
            }
            var hashes = kept.withLock { hashes in defer { hashes = [] }; return hashes }
            hashes.sort()
            for i in hashes.indices.dropFirst() where hashes[i] == hashes[i - 1] { shared.insert(Int(bitPattern: half << 63 | UInt(hashes[i]))) }
        }
        guard !shared.isEmpty else { return nil }
        var paths: [String: Int] = [:], path: [UInt8] = []
        for i in routes.indices where shared.contains(Self.sharedKey(hash(of: routes[i], in: &path))) {
            let path = self.path(routes[i])
            if let first = paths[path] { return (routes[first], routes[i], path) }
            paths[path] = i
        }
        return nil
    }

    /// What `pathCollision` keeps of a hash: its top bit and its low 32 bits.
    private static func sharedKey(_ hash: Int) -> Int { hash & (1 << 63 | 0xFFFF_FFFF) }

    /// The hash of `route`'s path, made in `path` (a buffer reused from route to route).
    private func hash(of route: Route, in path: inout [UInt8]) -> Int {
        path.removeAll(keepingCapacity: true)
        appendPath(route, to: &path)
        return ManifestFiles.hash(path)
    }

    /// The first route of `routes` whose path lies in `folder` (`map/`): a language's folder that the site's own
    /// files fill too (the shared maps, the root's index) would mix two languages' files, so it is a collision.
    func route(in routes: RouteList, insideFolder folder: String) -> Route? {
        let prefix = Array(folder.utf8)
        let inside = Parallel.map(routes.indices, chunk: 16_384, carrying: [UInt8]()) { i, path in
            path.removeAll(keepingCapacity: true)
            appendPath(routes[i], to: &path)
            return path.starts(with: prefix)
        }
        return inside.firstIndex(of: true).map { routes[$0] }
    }
}
