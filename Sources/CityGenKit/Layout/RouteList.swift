/// Routes in order, each made when asked for from the part of the list it is in, never stored: a build's list of
/// files, millions at 5× the data, takes a few dozen parts of memory instead of one value per file.
public struct RouteList: RandomAccessCollection, Sendable {
    private struct Part: Sendable {
        let start: Int
        let route: @Sendable (Int) -> Route
    }

    private var parts: [Part] = []
    public private(set) var endIndex = 0
    public var startIndex: Int { 0 }

    public init() {}

    /// The list of `routes`.
    public init(_ routes: [Route]) { append(routes) }

    /// Appends `count` routes, the `n`th of which is `route(n)`.
    public mutating func append(count: Int, _ route: @escaping @Sendable (Int) -> Route) {
        guard count > 0 else { return }
        parts.append(Part(start: endIndex, route: route))
        endIndex += count
    }

    public mutating func append(_ routes: [Route]) {
        append(count: routes.count) { routes[$0] }
    }

    public mutating func append(_ other: RouteList) {
        for (n, part) in other.parts.enumerated() {
            let end = n + 1 < other.parts.count ? other.parts[n + 1].start : other.endIndex
            append(count: end - part.start, part.route)
        }
    }

    public subscript(position: Int) -> Route {
        precondition(position >= 0 && position < endIndex, "route index out of range")
        // The last part that starts at or before `position`.
        let part = parts.indices.partitionPoint { parts[$0].start <= position } - 1
        return parts[part].route(position - parts[part].start)
    }
}
