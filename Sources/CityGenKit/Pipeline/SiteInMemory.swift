/// A planned site kept in memory, whose files are rendered when they are asked for (`citygen serve --watch`): the
/// bytes of a path are those a build writes there, and nothing is written.
public struct SiteInMemory: Sendable {
    /// Each language's files, the root's first.
    let sites: [SiteFiles]
    /// The precompressed copies the build writes beside its files.
    let encodings: [ContentEncoding]
    /// Every file's path hash, site and route, sorted by hash: a tenth of the memory of a dictionary of the paths.
    private let addresses: [FileAddress]
    /// The images drawn so far: a map costs more to draw than any page, and is the same until the site is planned again.
    private let maps = Locked<[String: [UInt8]]>([:])

    private struct FileAddress: Sendable {
        let hash: UInt64, site: Int32, route: Int32
    }

    init(_ sites: [SiteFiles], encodings: [ContentEncoding]) {
        self.sites = sites
        self.encodings = encodings
        var addresses: [FileAddress] = []
        addresses.reserveCapacity(sites.reduce(0) { $0 + $1.routes.count })
        var path: [UInt8] = []
        for (s, files) in sites.enumerated() {
            for (r, route) in files.routes.enumerated() {
                path.removeAll(keepingCapacity: true)
                files.layout.appendPath(route, to: &path)
                addresses.append(FileAddress(hash: Self.hash(path), site: Int32(s), route: Int32(r)))
            }
        }
        addresses.sort { $0.hash < $1.hash }
        self.addresses = addresses
    }

    /// FNV-1a: stable, and fast on short paths.
    private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The site and route at `path`: the files with its hash, whose path is it.
    private func address(of path: String) -> FileAddress? {
        let hash = Self.hash(path.utf8)
        let low = addresses.indices.partitionPoint { addresses[$0].hash < hash }
        for address in addresses[low...].prefix(while: { $0.hash == hash }) {
            let files = sites[Int(address.site)]
            if files.layout.path(files.routes[Int(address.route)]) == path { return address }
        }
        return nil
    }

    /// The same site in each language's `words`, with its templates `templates`: only what depends on them is made again.
    func with(words: [Words], templates: [TemplateSet]) -> SiteInMemory {
        // Templates alone: the sites, their routes and the drawn maps stay as they are.
        if words == sites.map(\.site.settings.language.words) {
            return SiteInMemory(planned: self, files: zip(sites, templates).map { SiteFiles(site: $0.site, templates: $1) })
        }
        let translations = sites[0].site.settings.translations.enumerated().map { i, translation in
            Site.Translation(language: SiteLanguage(words: words[i]), layout: translation.layout)
        }
        let files = sites.indices.map { i in
            let language = translations.isEmpty ? SiteLanguage(words: words[i]) : translations[i].language
            return SiteFiles(site: sites[i].site.with(language: language, translations: translations), templates: templates[i])
        }
        return SiteInMemory(files, encodings: encodings)
    }

    private init(planned: SiteInMemory, files: [SiteFiles]) {
        (sites, encodings, addresses) = (files, planned.encodings, planned.addresses)
        maps.withLock { $0 = planned.maps.withLock { $0 } }
    }

    /// How many cities the site lists.
    public var cityCount: Int { sites[0].site.catalog.count }

    /// The bytes of the file (or precompressed copy) at `path`, relative to the site's root; nil when there is none.
    public func file(at path: String) -> [UInt8]? {
        if let address = address(of: path) { return contents(address, path: path) }
        guard let dot = path.lastIndex(of: "."), let encoding = encodings.first(where: { $0.fileExtension == path[path.index(after: dot)...] }),
            let address = address(of: String(path[..<dot]))
        else { return nil }
        let original = String(path[..<dot])
        return ContentEncoding.variants(of: original, contents(address, path: original), [encoding]).first?.bytes
    }

    private func contents(_ address: FileAddress, path: String) -> [UInt8] {
        let files = sites[Int(address.site)], route = files.routes[Int(address.route)]
        guard route.isMap else { return files.contents(route) }
        if let drawn = maps.withLock({ $0[path] }) { return drawn }
        let drawn = files.contents(route)
        maps.withLock { $0[path] = drawn }
        return drawn
    }

    /// Every path of the site, precompressed copies aside, sorted.
    public var paths: [String] {
        addresses.map { sites[Int($0.site)].layout.path(sites[Int($0.site)].routes[Int($0.route)]) }.sorted()
    }
}
