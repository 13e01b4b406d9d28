extension SiteLayout {
    /// Two routes of `routes` that the layout gives the same path, if any (like zola's `find_path_collisions`): one
    /// file would overwrite the other, so the build stops before writing with both named.
    func pathCollision(in routes: RouteList) -> (first: Route, second: Route, path: String)? {
        // Each path's hash, in two halves by its top bit, the half's low 32 bits sorted in place: 4 bytes for half the
        // routes at a time, where the check comes at the build's peak of memory. Only for the hashes that meet are the
        // paths made and compared.
        var shared: [Set<UInt32>] = [[], []]
        for half in shared.indices {
            let kept = Locked([UInt32]())
            kept.withLock { $0.reserveCapacity(routes.count / 2 + routes.count / 32) }
            try? Parallel.forEachChunk(routes.indices, chunk: 16_384) { chunk in
                var path: [UInt8] = [], found: [UInt32] = []
                for i in chunk {
                    let key = Self.key(hash(of: routes[i], in: &path))
                    if key.half == half { found.append(key.low) }
                }
                kept.withLock { $0 += found }
            }
            var hashes = kept.withLock { hashes in defer { hashes = [] }; return hashes }
            hashes.sort()
            for i in hashes.indices.dropFirst() where hashes[i] == hashes[i - 1] { shared[half].insert(hashes[i]) }
        }
        guard shared.contains(where: { !$0.isEmpty }) else { return nil }
        var paths: [String: Int] = [:], path: [UInt8] = []
        for i in routes.indices {
            let key = Self.key(hash(of: routes[i], in: &path))
            guard shared[key.half].contains(key.low) else { continue }
            let path = self.path(routes[i])
            if let first = paths[path] { return (routes[first], routes[i], path) }
            paths[path] = i
        }
        return nil
    }

    /// What `pathCollision` keeps of a path's hash: its top bit (the half it is sorted in) and its low 32 bits.
    private static func key(_ hash: Int) -> (half: Int, low: UInt32) {
        (Int(UInt(bitPattern: hash) >> 63), UInt32(truncatingIfNeeded: hash))
    }

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
