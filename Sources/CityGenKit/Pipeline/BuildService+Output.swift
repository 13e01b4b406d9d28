/// The output step of a folder build: the folder accepted, locked and checked for room before the first file.
extension BuildService {
    /// The writer, once the folder is accepted and locked, the room the build needs is there, and the files it
    /// will write are listed (`OutputWriter.begin`).
    func prepareOutput(_ sites: [SiteFiles], previous: BuildManifest?, _ run: inout Run) throws -> OutputWriter {
        let total = sites.reduce(0) { $0 + $1.routes.count }
        let writer = try OutputWriter(
            root: options.output, force: options.force, counter: ProgressCounter(.render, total: total, report: progress),
            failingWrite: options.failingWrite, previous: previous, listsChanges: options.changes != nil)
        if let reason = writer.inPlaceReason {
            run.report.warnings.append("writing in place, file by file: \(reason)")
            log("warning: writing in place, file by file (a reader may see old and new pages together until the build ends): \(reason)")
        }
        if run.lock == nil { run.lock = try OutputLock.acquire(in: options.output, wait: options.waitForLock) }
        // About a thousand pages spread over the whole site, rendered one at a time to estimate the room the build needs.
        let encodings = options.precompress
        let sample = sites.lazy.flatMap { files in
            let routes = files.routes, layout = files.layout
            return stride(from: 0, to: routes.count, by: max(1, total / 1000)).lazy.flatMap { i in
                files.withVariants(routes[i], at: layout.path(routes[i]), encodings).map { (path: $0.path, bytes: $0.bytes) }
            }
        }
        // The paths themselves only in place (`begin` lists them).
        var plannedCount = 0, folders = Set<String>()
        for files in sites {
            let tally = try plannedFiles(files)
            plannedCount += tally.count
            folders.formUnion(tally.folders)
        }
        try writer.checkSpace(planned: plannedCount, folders: folders.count, sample: sample)
        try writer.begin(
            folders: folders, planned: sites.lazy.flatMap { files in files.routes.lazy.map(files.layout.path) }.flatMap { [$0] + variantPaths(of: $0) })
        run.lap("prepare output")
        return writer
    }

    /// The files of `files` (with their precompressed copies) and the folders they are in: one pass on all cores.
    func plannedFiles(_ files: SiteFiles) throws -> (count: Int, folders: Set<String>) {
        let routes = files.routes, layout = files.layout
        let tally = Locked((count: 0, folders: Set<String>()))
        try Parallel.forEachChunk(routes.indices, chunk: 16_384) { part in
            var count = 0, folders = Set<String>()
            for path in part.lazy.map({ layout.path(routes[$0]) }) {
                count += 1 + (ContentEncoding.applies(to: path) ? options.precompress.count : 0)
                // By bytes: `lastIndex(of:)` on the string itself walks it by characters, a third of this loop.
                if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) { folders.insert(String(path[..<slash])) }
            }
            tally.withLock { $0.count += count; $0.folders.formUnion(folders) }
        }
        return tally.withLock { $0 }
    }

    /// Adds how the HTML pages were made to the report; with `CITYGEN_CHECK_SHAPES`, a page whose HTML from its shape
    /// was not cmark's ends the build before the site is switched.
    func countHTMLPages(_ sites: [SiteFiles], _ run: inout Run) throws {
        var pages = BuildReport.HTMLPages()
        for templates in sites.map(\.renderer.templates) {
            if let differing = templates.shapes.differing {
                throw CityGenError.invalidTemplate(
                    name: "(compiled shapes)", reason: "a page's HTML from its shape is not cmark's; its Markdown:\n" + String(decoding: differing, as: UTF8.self))
            }
            let counts = templates.shapes.statistics
            pages.fromShapes += counts.fromShapes
            pages.throughCmark += counts.throughCmark
            pages.shapes += counts.shapes
            pages.unprovable += counts.unprovable
            pages.checked += counts.checked
        }
        run.report.htmlPages = pages
    }
}
