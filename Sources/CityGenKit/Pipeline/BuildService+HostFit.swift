/// A site in several languages measured against its host's limits from the plan, before any file is written: two
/// full languages may not fit where one does, and the build says what would.
extension BuildService {
    /// What one language of the planned site takes: its files (with their precompressed copies), folders and bytes.
    struct PlannedSize {
        let language: String
        var files = 0, folders = 0, bytes = 0
        var entries: Int { files + folders }
    }

    /// Throws `CityGenError.doesNotFit` when the languages of `sites` together exceed a limit of the host on files,
    /// entries or bytes, naming the languages that fit alone.
    func checkPlannedFit(_ sites: [SiteFiles]) throws {
        guard let host = options.host, sites.count > 1 else { return }
        let limits = host.limits
        let sizes = try sites.map(plannedSize)
        func exceeded(_ sizes: [PlannedSize]) -> [String] {
            let files = sizes.reduce(0) { $0 + $1.files }, entries = sizes.reduce(0) { $0 + $1.entries }, bytes = sizes.reduce(0) { $0 + $1.bytes }
            return [
                limits.files.flatMap { files > $0 ? "\(Digits.grouped(files)) files > \(Digits.grouped($0))" : nil },
                limits.entries.flatMap { entries > $0 ? "\(Digits.grouped(entries)) files and folders > \(Digits.grouped($0))" : nil },
                limits.bytes.flatMap { bytes > $0 ? "about \(Digits.grouped(bytes)) bytes > \(Digits.grouped($0))" : nil },
            ].compactMap { $0 }
        }
        let over = exceeded(sizes)
        guard !over.isEmpty else { return }
        let each = sizes.map { "\($0.language) \(Digits.grouped($0.files)) files, about \(Digits.grouped($0.bytes)) bytes" }.joined(separator: "; ")
        let alone = sizes.filter { exceeded([$0]).isEmpty }.map(\.language)
        let advice = alone.isEmpty
            ? "no language fits alone either: a compact site (`--host cloudflare-pages` or `gitlab-pages` write one) or another host"
            : "\(alone.joined(separator: " or ")) alone fits: build it with --language \(alone[0]), or list fewer languages"
        throw CityGenError.doesNotFit(
            host: host.displayName, reason: "\(sites.map(\.site.settings.language.code).joined(separator: " and ")) take \(over.joined(separator: ", ")) (\(each)); \(advice)")
    }

    /// The size of one language of the planned site, its bytes scaled up from about 200 of its files rendered.
    private func plannedSize(_ files: SiteFiles) throws -> PlannedSize {
        let routes = files.routes, layout = files.layout, tally = try plannedFiles(files)
        var size = PlannedSize(language: files.site.settings.language.code, files: tally.count, folders: tally.folders.count)
        let sample = Array(stride(from: 0, to: routes.count, by: max(1, routes.count / 200)))
        for i in sample {
            size.bytes += files.withVariants(routes[i], at: layout.path(routes[i]), options.precompress).reduce(0) { $0 + $1.bytes.count }
        }
        size.bytes = sample.isEmpty ? 0 : size.bytes * routes.count / sample.count
        return size
    }
}
