import Dispatch
import Foundation

/// Builds the site, as a pipeline of named steps: load → decode → sort → plan → render and write → finish.
///
/// Everything that can fail on bad input (source, data, templates) runs before the first file is written,
/// so a failed build leaves the previous output as it was.
public struct BuildService: Sendable {
    public let options: BuildOptions
    /// Receives warnings and progress notes as they happen (the CLI prints them on stderr).
    public let log: @Sendable (String) -> Void

    public init(options: BuildOptions, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.options = options
        self.log = log
    }

    public func run() async throws -> BuildReport {
        guard options.pageSize > 0 else { throw InvalidDataError("page size must be at least 1, not \(options.pageSize)") }
        guard options.shardSize >= 1024 else { throw InvalidDataError("shard size must be at least 1024 bytes, not \(options.shardSize)") }
        var report = BuildReport()
        var clock = StepClock()

        let loaded = try await options.loader.load(options.source, log: log)
        report.origin = loaded.origin
        report.warnings = loaded.warnings
        loaded.warnings.forEach { log("warning: \($0)") }
        report.steps.append(("load", clock.lap()))

        let decoded = try CityDecoder.decode(loaded.data, sourceName: loaded.origin, strict: options.strict)
        report.cityCount = decoded.cities.count
        report.skipped = decoded.skipped
        if !decoded.skipped.isEmpty {
            let sample = decoded.skipped.prefix(5).map(\.description).joined(separator: "; ")
            log("warning: skipped \(decoded.skipped.count) invalid records: \(sample)\(decoded.skipped.count > 5 ? "; …" : "")")
        }
        report.steps.append(("decode", clock.lap()))

        let catalog = CityCatalog(decoded.cities)
        report.steps.append(("sort", clock.lap()))

        let plan = SitePlan(catalog: catalog, pageSize: options.pageSize)
        let favorites = try FavoriteResolver.resolve(options.favorites, in: catalog)
        let templates = try TemplateSet(overrides: options.templates)
        let renderer = SiteRenderer(
            catalog: catalog, plan: plan, templates: templates, title: options.title, favorites: favorites,
            baseURL: options.baseURL)
        report.listPages = plan.pageCount
        report.favoriteCount = favorites.count
        report.steps.append(("plan", clock.lap()))

        let index = SearchIndexWriter(catalog: catalog, shardSize: options.shardSize)
        let shards = index.shards()
        report.shardCount = shards.count
        let writer = try OutputWriter(root: options.output, folders: ["list", "city", "assets", "search/shards"])
        try write(renderer, to: writer)
        try write(index, shards, to: writer)
        report.steps.append(("render and write", clock.lap()))

        try writer.finish()
        report.files = writer.statistics
        report.steps.append(("finish", clock.lap()))
        return report
    }

    private func write(_ renderer: SiteRenderer, to writer: OutputWriter) throws {
        let formats = PageFormat.allCases.filter(options.formats.contains)
        for format in formats {
            for page in [renderer.home(format), renderer.favoritesPage(format)] {
                try writer.write(page.text, to: page.path)
            }
        }
        try writer.write(renderer.favoritesJSON(), to: "search/favorites.json")
        if formats.contains(.html) {
            for (name, bytes) in renderer.templates.assets.sorted(by: { $0.key < $1.key }) {
                try writer.write(bytes, to: "assets/\(name)")
            }
            let notFound = renderer.notFoundPage()
            try writer.write(notFound.text, to: notFound.path)
        }
        try forEachConcurrently(0..<renderer.plan.pageCount) { page in
            for format in formats {
                let rendered = renderer.list(page: page + 1, format)
                try writer.write(rendered.text, to: rendered.path)
            }
        }
        // Cities in chunks: enough work per task to keep both cores busy, nothing kept once written.
        let chunk = 512
        try forEachConcurrently(0..<((renderer.catalog.count + chunk - 1) / chunk)) { c in
            for index in (c * chunk)..<min(renderer.catalog.count, (c + 1) * chunk) {
                for format in formats {
                    let rendered = renderer.city(at: index, format)
                    try writer.write(rendered.text, to: rendered.path)
                }
            }
        }
        if let baseURL = options.baseURL, formats.contains(.html) {
            let pages = ["index.html", "favorites.html"] + (1...renderer.plan.pageCount).map { "list/\($0).html" }
                + renderer.catalog.cities.map { "city/\($0.id).html" }
            for file in Sitemap.files(baseURL: baseURL, paths: pages) { try writer.write(file.text, to: file.path) }
        }
    }

    /// The search index (SPEC §7): manifest and shards as JSON, each with a script twin for `file://`.
    private func write(_ index: SearchIndexWriter, _ shards: [SearchIndexWriter.Shard], to writer: OutputWriter) throws {
        let manifest = index.manifest(shards)
        try writer.write(manifest, to: "search/manifest.json")
        try writer.write(SearchIndexWriter.script(name: "manifest", json: manifest), to: "search/manifest.js")
        try forEachConcurrently(0..<shards.count) { n in
            try writer.write(shards[n].json, to: "search/shards/\(n).json")
            try writer.write(SearchIndexWriter.script(name: "shards/\(n)", json: shards[n].json), to: "search/shards/\(n).js")
        }
    }

    /// Runs `body` on all cores; the first error thrown is rethrown after all iterations end.
    private func forEachConcurrently(_ items: Range<Int>, _ body: @Sendable (Int) throws -> Void) throws {
        let firstError = FirstError()
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            guard !firstError.isSet else { return }
            do { try body(items.lowerBound + i) } catch { firstError.record(error) }
        }
        if let error = firstError.value { throw error }
    }
}
