import Foundation

/// The archive step of a build: the site streamed into one `.tar`, `.tar.gz` or `.zip` file.
extension BuildService {
    /// Renders every file in path order straight into the archive at `url`: a block of 4,096 pages at a time on
    /// all cores while the previous block is appended in order, so that memory does not grow with the site.
    func writeArchive(_ files: SiteFiles, to url: URL) throws -> OutputWriter.Statistics {
        let routes = files.routes
        let paths = routes.map(files.layout.path)  // to sort them; each file's path is made again with its bytes
        let order = paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
        let writer = try ArchiveWriter(destination: url, format: ArchiveFormat(path: url.path)!, date: options.archiveDate)
        let counter = ProgressCounter(.render, total: routes.count, report: progress)
        let blocks = stride(from: 0, to: order.count, by: 4096).map { $0..<min(order.count, $0 + 4096) }
        let encodings = options.precompress
        // Each page with its precompressed files, which sort right after it (`a.html`, `a.html.br`, `a.html.gz`).
        let render = { @Sendable (block: Range<Int>) in
            Parallel.map(block, chunk: 128, carrying: nil as SiteRenderer.CityTexts?) { i, texts in
                files.withVariants(routes[order[i]], encodings, reusing: &texts)
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
}
