extension SiteLayout {
    /// Two routes of `routes` that the layout gives the same path, if any (like zola's `find_path_collisions`): one
    /// file would overwrite the other, so the build stops before writing with both named.
    func pathCollision(in routes: RouteList) -> (first: Route, second: Route, path: String)? {
        // Each path's hash, made on all cores from bytes; only routes whose hashes meet are compared by path.
        let hashes = Parallel.map(routes.indices, chunk: 16_384, carrying: [UInt8]()) { i, path in
            path.removeAll(keepingCapacity: true)
            appendPath(routes[i], to: &path)
            return ManifestFiles.hash(path)
        }
        var seen = Set<Int>(minimumCapacity: hashes.count), shared = Set<Int>()
        for hash in hashes where !seen.insert(hash).inserted { shared.insert(hash) }
        var paths: [String: Int] = [:]
        for i in hashes.indices where shared.contains(hashes[i]) {
            let path = path(routes[i])
            if let first = paths[path] { return (routes[first], routes[i], path) }
            paths[path] = i
        }
        return nil
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
