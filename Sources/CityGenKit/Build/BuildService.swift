import Crypto
import Dispatch
import Foundation

/// Builds the site, as a pipeline of named steps: load → check for changes → decode → sort → plan →
/// render and write → finish.
///
/// Everything that can fail on bad input (source, data, config, templates) runs before the first file is
/// written, so a failed build leaves the previous output as it was. When the source, options, templates and
/// citygen itself are those of the previous build and its files are untouched, nothing is rendered at all.
public struct BuildService: Sendable {
    public let options: BuildOptions
    /// Receives warnings and progress notes as they happen (the CLI prints them on stderr).
    public let log: @Sendable (String) -> Void
    /// Receives how far the download and the rendering have come (the CLI draws progress bars on a terminal).
    public let progress: @Sendable (BuildProgress) -> Void

    public init(
        options: BuildOptions, log: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) {
        self.options = options
        self.log = log
        self.progress = progress
    }

    public func run() async throws -> BuildReport {
        guard options.pageSize > 0 else { throw InvalidDataError("page size must be at least 1, not \(options.pageSize)") }
        guard options.shardSize >= 1024 else { throw InvalidDataError("shard size must be at least 1024 bytes, not \(options.shardSize)") }
        var report = BuildReport()
        var clock = StepClock()

        let loaded = try await options.loader.load(options.source, log: log, progress: progress)
        report.origin = loaded.origin
        report.warnings = loaded.warnings
        loaded.warnings.forEach { log("warning: \($0)") }
        let templates = try TemplateSet(overrides: options.templates)
        let sourceDigest = SourceCache.sha256(loaded.data)
        report.source = .init(kind: loaded.kind, sha256: sourceDigest, bytes: loaded.data.count, fetchedAt: loaded.fetchedAt)
        report.steps.append(("load", clock.lap()))

        let fingerprint = fingerprint(of: sourceDigest, templates: templates)
        if let summary = OutputWriter.unchangedBuild(in: options.output, fingerprint: fingerprint) {
            report.restore(summary)
            report.steps.append(("check: unchanged", clock.lap()))
            return report
        }
        report.steps.append(("check", clock.lap()))

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
        let renderer = SiteRenderer(
            catalog: catalog, plan: plan, templates: templates, title: options.title, favorites: favorites,
            baseURL: options.baseURL)
        let index = SearchIndexWriter(catalog: catalog, shardSize: options.shardSize)
        let shards = index.shards()
        report.listPages = plan.pageCount
        report.favoriteCount = favorites.count
        report.shardCount = shards.count
        report.steps.append(("plan", clock.lap()))

        let planned = plannedPaths(renderer, shardCount: shards.count)
        let writer = try OutputWriter(root: options.output, force: options.force)
        writer.counter = ProgressCounter(.render, total: planned.count, report: progress)
        try writer.begin(planned: planned)
        report.steps.append(("prepare output", clock.lap()))
        try write(renderer, to: writer)
        try write(index, shards, to: writer)
        report.steps.append(("render and write", clock.lap()))

        try writer.finish(summary: report.summary(fingerprint: fingerprint))
        report.files = writer.statistics
        report.steps.append(("finish", clock.lap()))
        return report
    }

    private var formats: [PageFormat] { PageFormat.allCases.filter(options.formats.contains) }

    private func sitemapPages(_ renderer: SiteRenderer) -> [String] {
        [SitePaths.home(.html), SitePaths.favorites(.html)] + (1...renderer.plan.pageCount).map { SitePaths.list($0, .html) }
            + renderer.catalog.cities.map { SitePaths.city($0.id, .html) }
    }

    /// Every file this build will write, named by `SitePaths` as the writing code names them.
    private func plannedPaths(_ renderer: SiteRenderer, shardCount: Int) -> [String] {
        var paths = [SitePaths.favoritesJSON, SitePaths.searchManifest, SitePaths.searchManifestScript]
        paths += (0..<shardCount).flatMap { [SitePaths.shard($0), SitePaths.shardScript($0)] }
        for format in formats {
            paths += [SitePaths.home(format), SitePaths.favorites(format)]
            paths += (1...renderer.plan.pageCount).map { SitePaths.list($0, format) }
            paths += renderer.catalog.cities.map { SitePaths.city($0.id, format) }
        }
        if formats.contains(.html) {
            paths += TemplateSet.assets.map(SitePaths.asset) + [SitePaths.notFound]
            if options.baseURL != nil { paths += Sitemap.fileNames(urlCount: sitemapPages(renderer).count) }
        }
        return paths
    }

    /// What decides the output: the source's bytes, every option that shapes a page, the templates, and the
    /// citygen binary itself (a new version may render differently).
    private func fingerprint(of sourceDigest: String, templates: TemplateSet) -> String {
        var hash = SHA256()
        func add(_ text: String) {
            hash.update(data: Data(text.utf8))
            hash.update(data: Data([0]))
        }
        add("citygen output 1")
        add(sourceDigest)
        add(options.title)
        add(String(options.pageSize))
        add(formats.map(\.rawValue).joined(separator: ","))
        add(options.baseURL?.absoluteString ?? "")
        add(String(options.shardSize))
        add(options.favorites.map(\.description).joined(separator: "\n"))
        add(String(options.strict))
        for (name, text) in templates.sources.sorted(by: { $0.key < $1.key }) {
            add(name)
            add(text)
        }
        if let executable = Bundle.main.executableURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        {
            add("\(executable.path) \(attributes[.size] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    private func write(_ renderer: SiteRenderer, to writer: OutputWriter) throws {
        let formats = formats
        for format in formats {
            for page in [renderer.home(format), renderer.favoritesPage(format)] {
                try writer.write(page.text, to: page.path)
            }
        }
        try writer.write(renderer.favoritesJSON(), to: SitePaths.favoritesJSON)
        if formats.contains(.html) {
            for (name, bytes) in renderer.templates.assets.sorted(by: { $0.key < $1.key }) {
                try writer.write(bytes, to: SitePaths.asset(name))
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
            for file in Sitemap.files(baseURL: baseURL, paths: sitemapPages(renderer)) { try writer.write(file.text, to: file.path) }
        }
    }

    /// The search index (SPEC §7): manifest and shards as JSON, each with a script twin for `file://`.
    private func write(_ index: SearchIndexWriter, _ shards: [SearchIndexWriter.Shard], to writer: OutputWriter) throws {
        let manifest = index.manifest(shards)
        try writer.write(manifest, to: SitePaths.searchManifest)
        try writer.write(SearchIndexWriter.script(name: "manifest", json: manifest), to: SitePaths.searchManifestScript)
        try forEachConcurrently(0..<shards.count) { n in
            try writer.write(shards[n].json, to: SitePaths.shard(n))
            try writer.write(SearchIndexWriter.script(name: "shards/\(n)", json: shards[n].json), to: SitePaths.shardScript(n))
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
