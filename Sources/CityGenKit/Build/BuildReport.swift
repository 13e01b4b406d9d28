/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    /// The source actually read: a URL, a path or the bundled snapshot.
    public var origin = ""
    public var warnings: [String] = []
    public var cityCount = 0
    public var skipped: [SkippedRecord] = []
    public var listPages = 0
    public var favoriteCount = 0
    public var shardCount = 0
    public var files = OutputWriter.Statistics()
    /// Seconds spent in each pipeline step, in order.
    public var steps: [(name: String, seconds: Double)] = []

    /// One line for the end of a build, e.g.
    /// `Built 209,579 cities → 2,096 list pages, 209,579 city pages, 431 index shards, 3 favorites in Output (…)`.
    public func summary(output: String) -> String {
        let seconds = steps.reduce(0) { $0 + $1.seconds }
        func count(_ number: Int, _ one: String, _ many: String) -> String {
            "\(SiteRenderer.grouped(number)) \(number == 1 ? one : many)"
        }
        var line = "Built \(count(cityCount, "city", "cities")) → \(count(listPages, "list page", "list pages")), "
            + "\(count(cityCount, "city page", "city pages")), \(count(shardCount, "index shard", "index shards")), "
            + "\(count(favoriteCount, "favorite", "favorites"))"
        line += " in \(output) (\(String(format: "%.1f", seconds)) s; "
        line += "\(count(files.written, "file", "files")) written, \(SiteRenderer.grouped(files.unchanged)) unchanged, "
        line += "\(SiteRenderer.grouped(files.removed)) removed"
        if !skipped.isEmpty { line += "; \(count(skipped.count, "record", "records")) skipped" }
        return line + ")"
    }
}
