extension SiteLayout {
    /// Two routes of `routes` that the layout gives the same path, if any (like zola's `find_path_collisions`): one
    /// file would overwrite the other, so the build stops before writing with both named.
    func pathCollision(in routes: RouteList) -> (first: Route, second: Route, path: String)? {
        // Each path's hash, sorted in place; only for hashes that meet are the paths made and compared.
        var hashes = Parallel.map(routes.indices, chunk: 16_384, carrying: [UInt8]()) { i, path in hash(of: routes[i], in: &path) }
        hashes.sort()
        var shared = Set<Int>()
        for i in hashes.indices.dropFirst() where hashes[i] == hashes[i - 1] { shared.insert(hashes[i]) }
        hashes = []
        guard !shared.isEmpty else { return nil }
        var paths: [String: Int] = [:], path: [UInt8] = []
        for i in routes.indices where shared.contains(hash(of: routes[i], in: &path)) {
            let path = self.path(routes[i])
            if let first = paths[path] { return (routes[first], routes[i], path) }
            paths[path] = i
        }
        return nil
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
