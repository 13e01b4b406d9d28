import Foundation

/// Builds the site as a pipeline of named steps, whose order keeps the rules of docs/design.md ("The pipeline"):
/// nothing is written until all input has passed, and an unchanged build does nothing.
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

    /// Runs the build, one method a step: load, check for changes, decode and sort, plan, write, finish.
    public func run() async throws -> BuildReport {
        try options.validate()
        FreedMemory.returnPromptly()
        var run = Run()
        defer { withExtendedLifetime(run.lock) {} }
        var source = try await load(&run)
        if case .changed(let previous) = try check(source, &run) {
            let catalog = try decodeAndSort(&source, &run)
            let separate = options.archive.map { ArchiveFormat(path: $0.path) == .zim } ?? false
            let files = try plan(catalog, placeFiles: source.places, templates: source.templates, separateLanguages: separate, &run)
            FreedMemory.keepForReuse()
            if let archive = options.archive {
                try writeArchives(files, to: archive, &run)
            } else {
                let writer = try write(files, source: source, previous: previous, &run)
                try finish(writer, &run)
            }
        }
        try checkHost(&run)
        return run.report
    }

    /// With a host: what was built, measured against the host's limits (`BuildReport.hostCheck`).
    private func checkHost(_ run: inout Run) throws {
        guard let host = options.host else { return }
        let inventory = try options.archive.map { try SiteInventory(archive: measuredArchive($0)) } ?? SiteInventory(folder: options.output)
        run.report.hostCheck = HostCheck(host: host, inventory: inventory)
        run.lap("host check")
    }

    /// What one build's steps hand on to each other: its report, its clock and the lock on the output folder.
    struct Run {
        var report = BuildReport()
        var clock = StepClock()
        var lock: OutputLock?

        /// Ends the step `name`: its time and memory go into the report.
        mutating func lap(_ name: String) { report.steps.append(clock.lap(name)) }
    }

    /// The source's bytes and what decides the output.
    struct Source {
        var loaded: LoadedSource
        /// The GeoNames files, when the build has places.
        let places: LoadedPlaces?
        /// The templates with the words of each language, the root's first.
        let templates: [TemplateSet]
        /// Everything that decides the output but the favorites, and with them (`fingerprint`).
        let basis: String, fingerprint: String
    }

    /// Loads the source (download, cache or file), the GeoNames files and the templates.
    func load(_ run: inout Run) async throws -> Source {
        let loaded = try await options.loader.load(options.source, log: log, progress: progress)
        run.report.origin = loaded.origin
        run.report.warnings = loaded.warnings
        loaded.warnings.forEach { log("warning: \($0)") }
        let namesLanguage = options.languages.first(where: Self.readsNames) ?? "en"
        let places = try await PlacesLoader(loader: options.loader).load(options.places, names: options.placeNames, language: namesLanguage, log: log)
        run.report.warnings += places.warnings
        places.warnings.forEach { log("warning: \($0)") }
        var templates: [TemplateSet] = []
        for language in options.languages {
            let words = try options.words(in: language)
            for warning in words.warnings { warn(warning, &run) }
            templates.append(try TemplateSet(overrides: options.templates, words: words))
        }
        let sourceDigest = SHA256Digest.hex(of: loaded.data)
        run.report.source = .init(kind: loaded.kind, sha256: sourceDigest, bytes: loaded.data.count, fetchedAt: loaded.fetchedAt)
        let basis = basis(of: sourceDigest, places: places.places, templates: templates)
        run.lap("load")
        return Source(loaded: loaded, places: places.places, templates: templates, basis: basis, fingerprint: fingerprint(basis: basis))
    }

    private enum Check {
        /// The previous build is this one, and its files are as it wrote them.
        case unchanged
        /// A build to run; `previous` is the previous build when its files are intact.
        case changed(previous: BuildManifest?)
    }

    /// Locks the output folder and compares this build with the previous one.
    private func check(_ source: Source, _ run: inout Run) throws -> Check {
        // A folder of citygen's is locked before its manifest is read; any other once the writer has accepted it, so
        // that a refused folder is never written to.
        let ours = options.archive == nil && [OutputWriter.manifestName, OutputLock.fileName].contains {
            FileManager.default.fileExists(atPath: options.output.appendingPathComponent($0).path)
        }
        if ours { run.lock = try OutputLock.acquire(in: options.output, wait: options.waitForLock) }
        let previous = options.archive == nil ? OutputWriter.intactBuild(in: options.output) : nil
        if let summary = previous?.summary, summary.fingerprint == source.fingerprint {
            run.report.restore(summary)
            try writeChanges(written: [], removed: [])
            run.lap("check: unchanged")
            return .unchanged
        }
        run.lap("check")
        return .changed(previous: previous)
    }

    /// Decodes and checks the records, then sorts them into the catalog; the source's bytes are freed on the way.
    func decodeAndSort(_ source: inout Source, _ run: inout Run) throws -> CityCatalog {
        var decoded = try CityDecoder.decode(source.loaded.data, sourceName: source.loaded.origin, strict: options.strict)
        source.loaded.data = Data()  // released here, not at the end of the build: the whole source is at the build's peak
        run.report.cityCount = decoded.cities.count
        run.report.skipped = decoded.skipped
        if !decoded.skipped.isEmpty {
            let sample = decoded.skipped.prefix(5).map(\.description).joined(separator: "; ")
            log("warning: skipped \(decoded.skipped.count) invalid records: \(sample)\(decoded.skipped.count > 5 ? "; …" : "")")
        }
        run.lap("decode")
        let cities = decoded.cities
        decoded.cities = []  // the catalog holds them, sorted, and frees these
        let catalog = CityCatalog(consume cities)
        FreedMemory.release()
        run.lap("sort")
        return catalog
    }

    /// The site in each of its languages, the root's first; with `separateLanguages` (a `.zim` a language), each a
    /// site of its own at the root, with no links to the others.
    func plan(_ catalog: CityCatalog, placeFiles: LoadedPlaces?, templates: [TemplateSet], separateLanguages: Bool, _ run: inout Run) throws
        -> [SiteFiles]
    {
        let favorites = try FavoriteResolver.resolve(options.favorites, in: catalog)
        run.lap("plan")
        let languages = options.languages
        let named = try placesAndNearest(catalog, placeFiles: placeFiles, favorites: favorites, languages: languages, &run)
        let several = languages.count > 1 && !separateLanguages
        let layouts = languages.indices.map { options.layout.inLanguageFolder($0 == 0 || !several ? "" : languages[$0] + "/") }
        let translations = several ? zip(templates, layouts).map { Site.Translation(language: SiteLanguage(words: $0.words), layout: $1) } : []
        var sites: [SiteFiles] = []
        for (i, cities) in named.enumerated() {
            let settings = Site.Settings(
                title: options.shape.title(in: languages[i]), pageSize: options.pageSize, layout: layouts[i], formats: options.formatsInOrder,
                shardSize: options.shardSize, mapMode: options.map, viewerInPlace: options.host != .kiwix,
                language: translations.isEmpty ? SiteLanguage(words: templates[i].words) : translations[i].language, translations: translations,
                writtenGroupings: options.shape.groupings.map(Set.init))
            let site = Site(catalog: cities.catalog, settings: settings, favorites: cities.favorites, nearest: cities.nearest, places: cities.places)
            if let collision = site.layout.pathCollision(in: site.routes) {
                throw CityGenError.pathCollision(path: collision.path, first: "\(collision.first)", second: "\(collision.second)")
            }
            try checkTypoReach(of: site, language: languages[i], &run)
            if i == 0 {
                for plan in site.groupings where plan.written && !plan.unsafeIDs.isEmpty {
                    warn("skipped \(plan.unsafeIDs.count) \(plan.grouping.name) pages whose id makes no safe folder name: \(plan.unsafeIDs.prefix(5).map { "\"\($0)\"" }.joined(separator: ", "))", &run)
                }
            }
            sites.append(SiteFiles(site: site, templates: templates[i]))
        }
        try checkLanguageFolders(of: sites)
        try checkPlannedFit(sites)
        run.report.listPages = sites[0].site.plan.pageCount
        run.report.favoriteCount = favorites.count
        run.report.shardCount = sites.reduce(0) { $0 + $1.site.index.shards.count }
        FreedMemory.release()
        run.lap("index and pages")
        return sites
    }

    /// SPEC §4c's reach: every place of 15,000 people or more in a typo bucket; those left out are reported and
    /// warned of, and with `--strict` end the build.
    private func checkTypoReach(of site: Site, language: String, _ run: inout Run) throws {
        guard let leftOut = site.index.typos?.buckets.leftOut else { return }
        run.report.unreachedByTypos[language] = leftOut.count
        guard !leftOut.isEmpty else { return }
        let problem = CityGenError.unreachedPlaces(language: language, count: leftOut.count, first: leftOut.prefix(5).map(site.label))
        if options.strict { throw problem }
        warn(problem.description, &run)
    }

    /// Each language's folder is its own: no file of the root's site (which holds the shared files) lies in it.
    private func checkLanguageFolders(of sites: [SiteFiles]) throws {
        let root = sites[0].site
        for other in sites.dropFirst() {
            let folder = other.site.layout.languageFolder
            guard !folder.isEmpty, let route = root.layout.route(in: root.routes, insideFolder: folder) else { continue }
            throw CityGenError.invalidConfig(
                file: options.languageConfigFile ?? SiteConfig.fileName, item: "languages",
                reason: "\(folder.dropLast()) would put its pages in \(folder), a folder of the site's own (\(root.layout.path(route)))")
        }
    }

    /// Writes the site into the output folder: the files whose bytes changed, or (when only the favorites did) the
    /// pages that show them; every other file of the previous build is kept as it is.
    private func write(_ sites: [SiteFiles], source: Source, previous: BuildManifest?, _ run: inout Run) throws -> OutputWriter {
        let root = sites[0].site
        let favoriteIDs = root.favorites.map { root.catalog.cities[$0].id }.sorted()
        let onlyFavoritesChanged = previous?.summary.map { $0.basis == source.basis } ?? false
        let kept = onlyFavoritesChanged ? previous!.files : ManifestFiles()
        let rendered = sites.map { files in
            onlyFavoritesChanged
                ? files.site.routes(showingFavoritesOf: files.site.changedFavorites(from: previous!.summary!.favoriteIDs, to: files.site.favorites)) : []
        }
        let writer = try prepareOutput(sites, previous: previous, &run)
        do {
            // The maps first, as a step of their own: what drawing them costs shows, and no image waits in memory.
            try renderAndWrite(sites, to: writer, keeping: kept, except: rendered, including: \.isMap)
            run.lap("maps")
            try renderAndWrite(sites, to: writer, keeping: kept, except: rendered) { !$0.isMap }
            run.lap(onlyFavoritesChanged ? "render: favorites" : "render and write")
            try countHTMLPages(sites, &run)
            try writer.finish(summary: run.report.summary(fingerprint: source.fingerprint, basis: source.basis, favoriteIDs: favoriteIDs))
        } catch {
            writer.abandon()
            if writer.inPlaceReason == nil { log("note: \(writer.root.path) was left as it was") }
            throw error
        }
        run.report.files = writer.statistics
        return writer
    }

    /// Renders and writes the files of `sites` that `including` keeps, but those `kept` records and `rendered` lacks.
    private func renderAndWrite(
        _ sites: [SiteFiles], to writer: OutputWriter, keeping kept: ManifestFiles, except rendered: [Set<Route>], including: @escaping @Sendable (Route) -> Bool
    ) throws {
        let encodings = options.precompress, variantPaths = { @Sendable path in self.variantPaths(of: path) }
        let stream = SiteStream(sites, including: including)
        try stream.forEach(
            make: { site, routes, paths in
                let files = sites[site]
                var made: [SiteFiles.File] = [], fresh: (routes: [Route], paths: [String]) = ([], [])
                for (route, path) in zip(routes, paths) {
                    guard !rendered[site].contains(route), let record = kept[path] ?? nil, try writer.keep(path, record: record) else {
                        fresh.routes.append(route)
                        fresh.paths.append(path)
                        continue
                    }
                    // Its precompressed files are as old as it: kept too, or written when they cannot be.
                    made += try variantPaths(path).flatMap { variant -> [SiteFiles.File] in
                        guard try (kept[variant] ?? nil).map({ try writer.keep(variant, record: $0) }) != true else { return [] }
                        return ContentEncoding.variants(of: path, files.contents(route), encodings).filter { $0.path == variant }
                            .map { SiteFiles.File(path: $0.path, bytes: $0.bytes, page: nil) }
                    }
                }
                return made + files.withVariants(fresh.routes, at: fresh.paths, encodings)
            },
            sink: { files in for file in files { try writer.write(file.bytes, to: file.path) } })
    }

    /// The precompressed files that go with `path`, whether or not they turn out smaller, made where needed.
    func variantPaths(of path: String) -> [String] {
        ContentEncoding.applies(to: path) ? options.precompress.sorted().map { path + "." + $0.fileExtension } : []
    }

    /// The build's last step: `--changes`, the list of what `writer` wrote and removed.
    private func finish(_ writer: OutputWriter, _ run: inout Run) throws {
        if options.changes != nil {
            // Sorting every path of a full site takes a while: only for --changes.
            let changes = writer.changes
            try writeChanges(written: changes.written, removed: changes.removed)
        }
        run.lap("finish")
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
}
