import Foundation

/// The archive step of a build: the site streamed into one `.tar`, `.tar.gz`, `.zip` or `.zim` file.
extension BuildService {
    /// The writer for the archive at `url`, by its ending.
    private func archive(at url: URL, _ files: SiteFiles, _ report: BuildReport) throws -> SiteArchive {
        let format = ArchiveFormat(path: url.path)!
        guard format == .zim else { return try ArchiveWriter(destination: url, format: format, date: options.archiveDate) }
        return try ZimWriter(
            destination: url, metadata: zimMetadata(files, report), mainPath: files.layout.path(.home(.html)),
            workers: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Where the data came from: the URL, or a file's name (not where it is on this machine).
    private var zimSource: String {
        switch options.source {
        case .remote(let url): url.absoluteString
        case .file(let path): URL(fileURLWithPath: path).lastPathComponent
        }
    }

    /// What a `.zim` says of itself. `Date` is the day of `SOURCE_DATE_EPOCH` when set, else the day the data was
    /// fetched, else the archives' fixed date, so that the same inputs give the same metadata.
    func zimMetadata(_ files: SiteFiles, _ report: BuildReport) -> ZimMetadata {
        let fetched = report.source?.fetchedAt.map { Int($0.timeIntervalSince1970) }
        let reproducible = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] != nil
        let seconds = reproducible ? options.archiveDate : fetched ?? options.archiveDate
        let language = files.site.settings.language, title = files.site.title
        return ZimMetadata(
            name: "citygen_\(language.iso639_3)_\(ZimMetadata.slug(title))", title: String(title.prefix(30)),
            description: language.words.say("zim.description", ["count": language.grouped(files.site.catalog.count)]), language: language.iso639_3,
            creator: "OpenWeatherMap", publisher: "citygen", date: ZimMetadata.date(seconds: seconds),
            source: files.site.places == nil ? zimSource : zimSource + "; places: GeoNames (geonames.org, CC BY 4.0)",
            license: "CC BY-SA 4.0", illustration: files.site.maps.iconPNG(files.site.catalog))
    }

    /// The archive step: every language into the archive at `url`, or for a `.zim` of a site in several languages
    /// (Kiwix's catalogue is by language) each into `NAME_<code>.zim` beside it.
    func writeArchives(_ sites: [SiteFiles], to url: URL, _ run: inout Run) throws {
        if ArchiveFormat(path: url.path) == .zim, sites.count > 1 {
            var statistics = OutputWriter.Statistics()
            for files in sites {
                let written = try writeArchive([files], to: zim(url, in: files.site.settings.language.code), report: run.report)
                statistics.written += written.written
                statistics.bytes += written.bytes
            }
            run.report.files = statistics
        } else {
            run.report.files = try writeArchive(sites, to: url, report: run.report)
        }
        run.lap("render and archive")
    }

    /// The `.zim` of one language of a site in several, beside `url`: `NAME_<code>.zim`.
    func zim(_ url: URL, in language: String) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + "_" + language + ".zim")
    }

    /// The archive a host check measures: `url`, or for the `.zim`s of a site in several languages the root's.
    func measuredArchive(_ url: URL) -> URL {
        ArchiveFormat(path: url.path) == .zim && options.languages.count > 1 ? zim(url, in: options.languages[0]) : url
    }

    /// Renders every file of `sites` in path order straight into the archive at `url` (`SiteStream`).
    func writeArchive(_ sites: [SiteFiles], to url: URL, report: BuildReport) throws -> OutputWriter.Statistics {
        let stream = SiteStream(sites)
        let writer = try archive(at: url, sites[0], report)
        let counter = ProgressCounter(.render, total: sites.reduce(0) { $0 + $1.routes.count }, report: progress)
        let encodings = options.precompress
        let failure = InjectedWriteFailure(file: options.failingWrite)
        do {
            // Each page with its precompressed files, which sort right after it (`a.html`, `a.html.br`, `a.html.gz`).
            try stream.inOrder(
                make: { site, routes, paths in sites[site].withVariants(routes, at: paths, encodings) },
                sink: { entries in
                    for entry in entries {
                        try failure.check(writer.entries + 1, path: url.path)
                        try writer.add(entry)
                    }
                    counter.add(1)
                })
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
}
