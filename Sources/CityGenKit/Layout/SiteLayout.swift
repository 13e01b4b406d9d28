/// Where every file of the site goes and how pages link to each other: the only code that knows output paths
/// (docs/design.md, "Paths and links"). Links are relative (SPEC §5), but `404.html`'s: hosts serve it at any
/// missing path, so its links are absolute.
public struct SiteLayout: Sendable, Equatable {
    /// How detail pages are spread over folders below `city/`.
    public enum CityFolders: Sendable, Equatable {
        /// All in `city/`.
        case flat
        /// No file per city (HTML only): `city.html?id=<id>` shows any city from `city/<id mod n>.js`, where `n`
        /// is `compactDataFiles(cities:)`; a city's URL depends on its own id only.
        case compact
        /// In `city/<id mod n>/`: a city's path depends on its own id only, and `n` folders share the pages.
        case remainder(Int)
    }

    public var cityFolders: CityFolders
    /// The site's public address with a trailing slash, when known: sitemap URLs and the 404 page's links.
    public var baseURL: String?
    /// The folder of the language whose pages and search index these are (`en/`), empty for the root's.
    public var languageFolder: String

    public init(cityFolders: CityFolders = .remainder(1000), baseURL: String? = nil, languageFolder: String = "") {
        self.cityFolders = cityFolders
        self.baseURL = baseURL
        self.languageFolder = languageFolder
    }

    /// The layout of the same site's files in another language's folder (empty: the root's).
    func inLanguageFolder(_ folder: String) -> SiteLayout {
        SiteLayout(cityFolders: cityFolders, baseURL: baseURL, languageFolder: folder)
    }

    /// Names in the output folder that start with this are citygen's bookkeeping, not part of the site.
    public static let bookkeepingPrefix = ".citygen"

    // MARK: Paths

    /// The file of `route`, relative to the output folder.
    public func path(_ route: Route) -> String {
        switch route {
        case .page(let page):
            {
                var path: [UInt8] = []
                appendPath(page, to: &path)
                return String(decoding: path, as: UTF8.self)
            }()
        case .asset(let name): "assets/\(name)"
        case .indexManifest(let encoding): "\(indexFolder)manifest.\(encoding.fileExtension)"
        case .indexShard(let n, let encoding): "\(indexFolder)\(Self.shardFolder)\(n).\(encoding.fileExtension)"
        case .wordShard(let n, let encoding): "\(indexFolder)\(Self.wordFolder)\(n).\(encoding.fileExtension)"
        case .topShard(let n, let encoding): "\(indexFolder)\(Self.topFolder)\(n).\(encoding.fileExtension)"
        case .typoShard(let n, let encoding): "\(indexFolder)\(Self.typoFolder)\(n).\(encoding.fileExtension)"
        case .indexFavorites: "\(indexFolder)favorites.json"
        case .worldMap: "map/world.png"
        case .mapTile(let tile): "map/tiles/\(tile.zoom)/\(tile.x)/\(tile.y).png"
        case .mapDots(let tile): "map/dots/\(tile.zoom)/\(tile.x)/\(tile.y).png"
        case .mapPoints(let n): "\(indexFolder)points/\(n).js"
        case .mapPointIDs(let n): "\(indexFolder)points/id-\(n).js"
        case .countryMap(let code, let part): "map/\(Self.countryFolder(code))\(part == 0 ? "" : "-\(part)").png"
        case .regionMap(let region): "map/\(Self.countryFolder(region.country))/\(Self.codeFolder(region.code)).png"
        case .mapWindow(let code, let encoding): "\(indexFolder)\(Self.mapsFolder)\(Self.countryFolder(code)).\(encoding.fileExtension)"
        case .sitemapIndex: "sitemap.xml"
        case .robots: "robots.txt"
        case .icon: "favicon.ico"
        case .sitemap(let n): "sitemap-\(n).xml"
        }
    }

    /// Appends `path(route)` to `out`.
    func appendPath(_ route: Route, to out: inout [UInt8]) {
        if case .page(let page) = route {
            appendPath(page, to: &out)
        } else {
            out += path(route).utf8
        }
    }

    /// Which of `count` folders (or a compact site's data files) holds the city with this id: its remainder by `count`.
    static func folderNumber(of id: Int, among count: Int) -> Int { ((id % count) + count) % count }

    /// The file of a compact site that holds the city with this id.
    static func compactDataFile(of id: Int, cities: Int) -> Int { folderNumber(of: id, among: compactDataFiles(cities: cities)) }

    /// Appends the path of the detail page of the city with this id in `format` to `out`, written digit by digit:
    /// every list row and detail page links to some.
    func appendCityPath(_ id: Int, _ format: PageFormat, to out: inout [UInt8]) {
        out += languageFolder.utf8
        out += "city".utf8
        switch cityFolders {
        case .compact:
            out += ".html".utf8
            return
        case .flat:
            out.append(Self.slash)
        case .remainder(let n):
            out.append(Self.slash)
            Digits.append(Self.folderNumber(of: id, among: n), to: &out)
            out.append(Self.slash)
        }
        Digits.append(id, to: &out)
        out.append(UInt8(ascii: "."))
        out += format.fileExtension.utf8
    }

    /// The folder of a compact site's data files, relative to the root.
    static let compactDataFolder = "city/"

    /// The folder of a country's pages: the code when it is two letters A–Z, `none` for the cities without one, and
    /// any other code spelt in hexadecimal UTF-8 after an `x`, so that no name from the data becomes a path.
    static func countryFolder(_ code: String) -> String {
        if code.isEmpty { return noCountryFolder }
        return code.utf8.count == 2 && code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) ? code : hexName(code)
    }

    /// The folder of the cities without a country.
    static let noCountryFolder = "none"

    /// The folder of a region code: the code when it is 1 to 16 letters A–Z and digits, else as `countryFolder` spells it.
    static func codeFolder(_ code: String) -> String {
        (1...16).contains(code.utf8.count) && code.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }) ? code : hexName(code)
    }

    /// `x` and the text's UTF-8 in hexadecimal: a folder name for a code that is not plain.
    private static func hexName(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8(ascii: "x")]
        for byte in text.utf8 { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the file of `page`, relative to the output folder, to `out` (bytes: pages link by the hundred thousand).
    func appendPath(_ page: PageRoute, to out: inout [UInt8]) {
        let slash = UInt8(ascii: "/")
        if case .city = page {} else { out += languageFolder.utf8 }
        switch page {
        case .home(let format): out += "index.\(format.fileExtension)".utf8
        case .favorites(let format): out += "favorites.\(format.fileExtension)".utf8
        case .list(let number, let format):
            out += "list/".utf8
            Self.appendPageFile(number, format, to: &out)
        case .cityViewer: out += "city.html".utf8
        case .explore: out += "map.html".utf8
        case .cityData(let file): out += "\(Self.compactDataFolder)\(file).js".utf8
        case .city(let id, let format): appendCityPath(id, format, to: &out)
        case .groupIndex(let folder, let format): out += "\(folder)/index.\(format.fileExtension)".utf8
        case .group(let folder, let folders, let number, let format):
            out += folder.utf8
            out.append(slash)
            for name in folders {
                out += name.utf8
                out.append(slash)
            }
            Self.appendPageFile(number, format, to: &out)
        case .notFound: out += "404.html".utf8
        }
    }

    /// Appends the file name of a numbered page, `<number>.<extension>`, to `out`.
    static func appendPageFile(_ number: Int, _ format: PageFormat, to out: inout [UInt8]) {
        Digits.append(number, to: &out)
        out.append(UInt8(ascii: "."))
        out += format.fileExtension.utf8
    }

    /// The name an index file is loaded by in the browser (`shards/3`), as its script twin announces it.
    func indexName(_ route: Route) -> String {
        let path = path(route)
        let folder = indexFolder.count
        return String(path.dropFirst(folder).prefix { $0 != "." })
    }

    /// The search index's folder, relative to the output folder.
    public var indexFolder: String { languageFolder + Self.indexFolderName }
    /// The search index's folder below a language's root.
    static let indexFolderName = "search/"

    private static let shardFolder = "shards/"
    private static let wordFolder = "words/"
    private static let topFolder = "top/"
    private static let typoFolder = "typos/"
    private static let mapsFolder = "maps/"

    /// URL patterns the browser client needs (`urls` in docs/formats.md, "`search/manifest.json`").
    public var urlTemplates: [String: String] {
        ["city": cityURLTemplate, "shard": Self.shardFolder + "{n}", "word": Self.wordFolder + "{n}", "top": Self.topFolder + "{n}",
            "typos": Self.typoFolder + "{n}", "maps": Self.mapsFolder + "{country}"]
    }

    /// `urlTemplates["city"]`, which every page gets (as `cityURL`, after its `root`).
    public var cityURLTemplate: String {
        switch cityFolders {
        case .flat: languageFolder + "city/{id}.html"
        case .remainder(let n): languageFolder + "city/{id%\(n)}/{id}.html"
        case .compact: languageFolder + "city.html?id={id}"
        }
    }

}

extension Route.IndexEncoding {
    var fileExtension: String { self == .json ? "json" : "js" }
}
