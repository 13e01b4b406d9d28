import Foundation

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    /// The source actually read: a URL, a path or the bundled snapshot.
    public var origin = ""
    /// What was read, for the JSON report.
    public struct SourceFacts: Sendable {
        public var kind: LoadedSource.Kind
        public var sha256: String
        public var bytes: Int
        public var fetchedAt: Date?
    }
    public var source: SourceFacts?
    /// What the GeoNames files gave (SPEC §1b), when the build had them.
    public struct PlaceFacts: Sendable {
        public var joinedByID: Int
        public var joinedByName: Int
        /// Lines of the files skipped as invalid.
        public var skipped: Int
        /// The files read: URLs or paths.
        public var origins: [String]
    }
    public var places: PlaceFacts?
    /// How many cities each language that reads names (SPEC §1b) shows under its own name, not the source's.
    public var namedInLanguage: [String: Int] = [:]
    /// With places, for each language: how many places of 15,000 people or more no typo bucket holds (SPEC §4c).
    public var unreachedByTypos: [String: Int] = [:]
    public var warnings: [String] = []
    public var cityCount = 0
    public var skipped: [SkippedRecord] = [] {
        didSet { skippedCount = skipped.count }
    }
    /// How many records were skipped (also known when an unchanged rebuild did not decode them).
    public var skippedCount = 0
    public var listPages = 0
    public var favoriteCount = 0
    public var shardCount = 0
    public var files = OutputWriter.Statistics()
    /// With a host (`--host`): the site measured against the host's limits, at the end of the build.
    public var hostCheck: HostCheck?
    /// How the HTML pages were made: from compiled shapes or through cmark (`TemplateSet.appendHTML`).
    public var htmlPages: HTMLPages?

    /// How a build made its HTML pages.
    public struct HTMLPages: Sendable, Equatable {
        /// Pages written from a compiled shape, and pages that cmark rendered.
        public var fromShapes = 0, throughCmark = 0
        /// Shapes compiled, and those of them that cmark's tree did not prove (their pages go through cmark).
        public var shapes = 0, unprovable = 0
        /// With `CITYGEN_CHECK_SHAPES`: pages written from a shape and compared with cmark's rendering (all equal,
        /// or the build fails).
        public var checked = 0

        /// `html pages: 123 from 4 shapes (1 unprovable), 5 through cmark`.
        public var line: String {
            "html pages: \(Digits.grouped(fromShapes)) from \(Digits.grouped(shapes)) shapes (\(unprovable) unprovable), "
                + "\(Digits.grouped(throughCmark)) through cmark" + (checked > 0 ? "; \(Digits.grouped(checked)) checked against cmark" : "")
        }
    }

    /// Seconds spent in each pipeline step, in order, and the process's peak resident memory at its end (bytes, or nil).
    public var steps: [(name: String, seconds: Double, peakMemory: Int?)] = []

    /// One line for the end of a build, e.g.
    /// `Built 1,234 cities → 13 list pages, 1,234 city pages, 2 index shards, 3 favorites in Output (…)`.
    public func summary(output: String) -> String {
        let seconds = steps.reduce(0) { $0 + $1.seconds }
        func count(_ number: Int, _ one: String, _ many: String) -> String {
            "\(Digits.grouped(number)) \(number == 1 ? one : many)"
        }
        var line = "Built \(count(cityCount, "city", "cities")) → \(count(listPages, "list page", "list pages")), "
            + "\(count(cityCount, "city page", "city pages")), \(count(shardCount, "index shard", "index shards")), "
            + "\(count(favoriteCount, "favorite", "favorites"))"
        line += " in \(output) (\(String(format: "%.1f", seconds)) s; "
        line += "\(count(files.written, "file", "files")) written, \(Digits.grouped(files.unchanged)) unchanged, "
        line += "\(Digits.grouped(files.removed)) removed"
        if skippedCount > 0 { line += "; \(count(skippedCount, "record", "records")) skipped" }
        if let places { line += "; places: \(Digits.grouped(places.joinedByID)) joined by id, \(Digits.grouped(places.joinedByName)) by name" }
        let named = namedInLanguage.sorted { $0.key < $1.key }.map { "\(Digits.grouped($0.value)) in \($0.key)" }
        if !named.isEmpty { line += "; named: " + named.joined(separator: ", ") }
        return line + ")"
    }

    /// The counts the manifest keeps, so that an unchanged rebuild reports what the build it repeats did.
    func summary(fingerprint: String, basis: String, favoriteIDs: [Int]) -> BuildManifest.Summary {
        BuildManifest.Summary(
            fingerprint: fingerprint, basis: basis, favoriteIDs: favoriteIDs, cities: cityCount, listPages: listPages, shards: shardCount, favorites: favoriteCount,
            skipped: skipped.count)
    }

    /// Takes the counts of an unchanged previous build; every file it wrote is unchanged.
    mutating func restore(_ summary: BuildManifest.Summary) {
        cityCount = summary.cities
        listPages = summary.listPages
        shardCount = summary.shards
        favoriteCount = summary.favorites
        skippedCount = summary.skipped
        files.unchanged = summary.files
    }
}
