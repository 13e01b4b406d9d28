import Crypto
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
        try options.validate()
        var report = BuildReport()
        var clock = StepClock()

        var loaded = try await options.loader.load(options.source, log: log, progress: progress)
        report.origin = loaded.origin
        report.warnings = loaded.warnings
        loaded.warnings.forEach { log("warning: \($0)") }
        let templates = try TemplateSet(overrides: options.templates)
        let sourceDigest = SourceCache.sha256(loaded.data)
        report.source = .init(kind: loaded.kind, sha256: sourceDigest, bytes: loaded.data.count, fetchedAt: loaded.fetchedAt)
        report.steps.append(clock.lap("load"))

        // One build at a time: a folder of citygen's (a manifest, or the lock of a first build still running) is
        // locked before its manifest is read; any other once the writer has accepted (and maybe created) it, so
        // that a refused folder is never written to.
        let ours = options.archive == nil && [OutputWriter.manifestName, OutputLock.fileName].contains {
            FileManager.default.fileExists(atPath: options.output.appendingPathComponent($0).path)
        }
        var lock = ours ? try OutputLock.acquire(in: options.output, wait: options.waitForLock) : nil
        defer { withExtendedLifetime(lock) {} }
        let basis = basis(of: sourceDigest, templates: templates)
        let fingerprint = fingerprint(basis: basis)
        let previous = options.archive == nil ? OutputWriter.intactBuild(in: options.output) : nil
        if let summary = previous?.summary, summary.fingerprint == fingerprint {
            report.restore(summary)
            try writeChanges(written: [], removed: [])
            report.steps.append(clock.lap("check: unchanged"))
            return report
        }
        report.steps.append(clock.lap("check"))

        var decoded = try CityDecoder.decode(loaded.data, sourceName: loaded.origin, strict: options.strict)
        loaded.data = Data()  // released here, not at the end of the build: 40 MB of the 1× data at the build's peak
        report.cityCount = decoded.cities.count
        report.skipped = decoded.skipped
        if !decoded.skipped.isEmpty {
            let sample = decoded.skipped.prefix(5).map(\.description).joined(separator: "; ")
            log("warning: skipped \(decoded.skipped.count) invalid records: \(sample)\(decoded.skipped.count > 5 ? "; …" : "")")
        }
        report.steps.append(clock.lap("decode"))

        let cities = decoded.cities
        decoded.cities = []  // the catalog holds them, sorted, and frees these
        let catalog = CityCatalog(consume cities)
        FreedMemory.release()
        report.steps.append(clock.lap("sort"))

        let plan = SitePlan(catalog: catalog, pageSize: options.pageSize)
        let favorites = try FavoriteResolver.resolve(options.favorites, in: catalog)
        report.steps.append(clock.lap("plan"))

        let nearest = NearestCities(catalog: catalog)
        report.steps.append(clock.lap("nearest cities"))

        let layout = options.layout
        var drafted = SiteFiles(
            layout: layout, catalog: catalog, plan: plan, templates: templates, title: options.title,
            favorites: favorites, nearest: nearest, formats: options.formatsInOrder, shardSize: options.shardSize, mapMode: options.map)
        report.listPages = plan.pageCount
        report.favoriteCount = favorites.count
        report.shardCount = drafted.shards.count
        FreedMemory.release()
        report.steps.append(clock.lap("index and pages"))
        drafted.drawMaps()
        let files = drafted
        report.steps.append(clock.lap("maps"))

        if let archive = options.archive {
            report.files = try writeArchive(files, to: archive)
            report.steps.append(clock.lap("render and archive"))
            return report
        }
        let routes = files.routes
        // When only the favorites changed, the pages that show them are rendered again and every other file of the
        // previous build is kept as it is, unread.
        let favoriteIDs = favorites.map { catalog.cities[$0].id }.sorted()
        let onlyFavoritesChanged = previous?.summary.map { $0.basis == basis } ?? false
        let kept = onlyFavoritesChanged ? previous!.files : ManifestFiles()
        let rendered = onlyFavoritesChanged
            ? files.routes(showingFavoritesOf: files.changedFavorites(from: previous!.summary!.favoriteIDs, to: favorites)) : []
        let writer = try OutputWriter(
            root: options.output, force: options.force, counter: ProgressCounter(.render, total: routes.count, report: progress),
            failingWrite: options.failingWrite, previous: previous, listsChanges: options.changes != nil)
        if let reason = writer.inPlaceReason {
            report.warnings.append("writing in place, file by file: \(reason)")
            log("warning: writing in place, file by file (a reader may see old and new pages together until the build ends): \(reason)")
        }
        if lock == nil { lock = try OutputLock.acquire(in: options.output, wait: options.waitForLock) }
        let encodings = options.precompress
        // Paths are made again where they are needed rather than kept: a list of them would grow with the site.
        let variantPaths = { @Sendable (path: String) in
            ContentEncoding.applies(to: path) ? encodings.sorted().map { path + "." + $0.fileExtension } : []
        }
        // About a thousand pages spread over the whole site, rendered to estimate the room the build needs.
        let sample = stride(from: 0, to: routes.count, by: max(1, routes.count / 1000)).flatMap { i in
            let path = layout.path(routes[i]), bytes = files.contents(routes[i])
            return [(path, bytes)] + ContentEncoding.variants(of: path, bytes, encodings)
        }
        // One pass on all cores for the number of files and their folders; the paths themselves only in place
        // (`begin` lists them).
        let tally = Locked((count: 0, folders: Set<String>()))
        try Parallel.forEachChunk(routes.indices, chunk: 16_384) { part in
            var count = 0, folders = Set<String>()
            for path in part.lazy.map({ layout.path(routes[$0]) }) {
                count += 1 + variantPaths(path).count
                if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
            }
            tally.withLock { $0.count += count; $0.folders.formUnion(folders) }
        }
        let (plannedCount, folders) = tally.withLock { $0 }
        try writer.checkSpace(planned: plannedCount, folders: folders.count, sample: sample)
        try writer.begin(folders: folders, planned: routes.lazy.map(layout.path).flatMap { [$0] + variantPaths($0) })
        report.steps.append(clock.lap("prepare output"))
        do {
            // In chunks: enough work per task to keep both cores busy; nothing is kept once written.
            try Parallel.forEachChunk(routes.indices, chunk: 256) { chunk in
                var texts: SiteRenderer.CityTexts?
                for i in chunk {
                    let path = layout.path(routes[i])
                    if !rendered.contains(routes[i]), let record = kept[path] ?? nil, try writer.keep(path, record: record) {
                        // Its precompressed files are as old as it: kept too, or written when they cannot be.
                        for variant in variantPaths(path) {
                            guard try (kept[variant] ?? nil).map({ try writer.keep(variant, record: $0) }) != true else { continue }
                            for encoded in ContentEncoding.variants(of: path, files.contents(routes[i]), encodings) where encoded.path == variant {
                                try writer.write(encoded.bytes, to: encoded.path)
                            }
                        }
                        continue
                    }
                    let bytes = files.contents(routes[i], reusing: &texts)
                    try writer.write(bytes, to: path)
                    for variant in ContentEncoding.variants(of: path, bytes, encodings) { try writer.write(variant.bytes, to: variant.path) }
                }
            }
            report.steps.append(clock.lap(!onlyFavoritesChanged ? "render and write" : "render: favorites"))
            try writer.finish(summary: report.summary(fingerprint: fingerprint, basis: basis, favoriteIDs: favoriteIDs))
        } catch {
            writer.abandon()
            if writer.inPlaceReason == nil { log("note: \(writer.root.path) was left as it was") }
            throw error
        }
        report.files = writer.statistics
        if options.changes != nil {
            // Sorting 429,052 paths takes a second: only for --changes.
            let changes = writer.changes
            try writeChanges(written: changes.written, removed: changes.removed)
        }
        report.steps.append(clock.lap("finish"))
        return report
    }

    /// `--changes`: `+ path` for each file written, then `- path` for each removed, written atomically.
    private func writeChanges(written: [String], removed: [String]) throws {
        guard let url = options.changes else { return }
        let text = written.map { "+ \($0)\n" }.joined() + removed.map { "- \($0)\n" }.joined()
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CityGenError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Renders every file in path order straight into the archive at `url`: a block of 4,096 pages at a time on
    /// all cores while the previous block is appended in order, so that memory does not grow with the site.
    private func writeArchive(_ files: SiteFiles, to url: URL) throws -> OutputWriter.Statistics {
        let routes = files.routes
        let paths = routes.map(files.layout.path)
        let order = paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
        let writer = try ArchiveWriter(destination: url, format: ArchiveFormat(path: url.path)!, date: options.archiveDate)
        let counter = ProgressCounter(.render, total: routes.count, report: progress)
        let blocks = stride(from: 0, to: order.count, by: 4096).map { $0..<min(order.count, $0 + 4096) }
        let encodings = options.precompress
        // Each page with its precompressed files, which sort right after it (`a.html`, `a.html.br`, `a.html.gz`).
        let render = { @Sendable (block: Range<Int>) in
            Parallel.map(block, chunk: 128, carrying: nil as SiteRenderer.CityTexts?) { i, texts in
                let path = paths[order[i]], bytes = files.contents(routes[order[i]], reusing: &texts)
                return [(path: path, bytes: bytes)] + ContentEncoding.variants(of: path, bytes, encodings)
            }
        }
        do {
            // While this thread appends block k, the next block renders on the other threads.
            var next = blocks.first.map(render) ?? []
            for (k, block) in blocks.enumerated() {
                let contents = next
                let ahead = Locked<[[(path: String, bytes: [UInt8])]]>([])
                let group = DispatchGroup()
                if k + 1 < blocks.count {
                    DispatchQueue.global().async(group: group) { ahead.withLock { $0 = render(blocks[k + 1]) } }
                }
                do {
                    for entry in contents.joined() {
                        if let failing = options.failingWrite, writer.entries + 1 == failing {
                            throw CityGenError.writeFailed(path: url.path, reason: "No space left on device (injected at file \(failing))")
                        }
                        try writer.add(entry.path, entry.bytes)
                    }
                } catch {
                    group.wait()  // the block rendering ahead ends before the archive is abandoned
                    throw error
                }
                counter.add(block.count)
                group.wait()
                next = ahead.withLock { $0 }
            }
            try writer.finish()
        } catch {
            writer.abandon()
            log("note: \(url.path) was left as it was")
            throw error
        }
        var statistics = OutputWriter.Statistics()
        statistics.written = writer.entries
        statistics.bytes = writer.bytes
        return statistics
    }

    /// What decides the output: the basis and the favorites.
    private func fingerprint(basis: String) -> String {
        Self.digest([basis, options.favorites.map(\.description).joined(separator: "\n")])
    }

    /// What decides the output but the favorites: the source's bytes, every other option that shapes a page, the
    /// templates, and the citygen binary itself (a new version may render differently).
    private func basis(of sourceDigest: String, templates: TemplateSet) -> String {
        var texts = [
            "citygen output 1", sourceDigest, options.title, String(options.pageSize), options.formatsInOrder.map(\.rawValue).joined(separator: ","),
            options.baseURL?.absoluteString ?? "", String(options.shardSize), String(options.strict), String(describing: options.layout.cityFolders),
            "map " + options.map.rawValue,
        ]
        // Added only when set, so that a build without precompression keeps the fingerprint it had before.
        if !options.precompress.isEmpty { texts.append("precompress " + options.precompress.map(\.rawValue).joined(separator: ",")) }
        for (name, text) in templates.sources.sorted(by: { $0.key < $1.key }) { texts += [name, text] }
        if let executable = Bundle.main.executableURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path)
        {
            texts.append("\(executable.path) \(attributes[.size] ?? "") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        return Self.digest(texts)
    }

    /// SHA-256 of `texts`, each followed by a zero byte, in hex.
    private static func digest(_ texts: [String]) -> String {
        var hash = SHA256()
        for text in texts {
            hash.update(data: Data(text.utf8))
            hash.update(data: Data([0]))
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
