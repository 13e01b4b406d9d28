/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    /// The source actually read: a URL, a path or the bundled snapshot.
    public var origin = ""
    public var warnings: [String] = []
    public var cityCount = 0
    public var skipped: [SkippedRecord] = []
    public var listPages = 0
    public var favoriteCount = 0
    public var files = OutputWriter.Statistics()
    /// Seconds spent in each pipeline step, in order.
    public var steps: [(name: String, seconds: Double)] = []

    /// One line for the end of a build, e.g.
    /// `Built 209,579 cities → 2,096 list pages, 209,579 city pages, 3 favorites in Output (9.8 s; …)`.
    public func summary(output: String) -> String {
        let seconds = steps.reduce(0) { $0 + $1.seconds }
        var line = "Built \(SiteRenderer.grouped(cityCount)) cities → \(SiteRenderer.grouped(listPages)) list pages, "
            + "\(SiteRenderer.grouped(cityCount)) city pages, \(SiteRenderer.grouped(favoriteCount)) favorites"
        line += " in \(output) (\(String(format: "%.1f", seconds)) s; "
        line += "\(files.written) files written, \(files.unchanged) unchanged, \(files.removed) removed"
        if !skipped.isEmpty { line += "; \(skipped.count) records skipped" }
        return line + ")"
    }
}
