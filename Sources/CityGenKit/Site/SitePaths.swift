/// Where each file of the site goes, below the output folder: the one place that names them, used both to
/// write the files and to list them before the build writes any (so an interrupted build can be cleaned up).
enum SitePaths {
    static func home(_ format: PageFormat) -> String { "index.\(format.fileExtension)" }
    static func favorites(_ format: PageFormat) -> String { "favorites.\(format.fileExtension)" }
    static func list(_ page: Int, _ format: PageFormat) -> String { "list/\(page).\(format.fileExtension)" }
    static func city(_ id: Int, _ format: PageFormat) -> String { "city/\(id).\(format.fileExtension)" }
    static let notFound = "404.html"
    static func asset(_ name: String) -> String { "assets/\(name)" }
    static let favoritesJSON = "search/favorites.json"
    static let searchManifest = "search/manifest.json"
    static let searchManifestScript = "search/manifest.js"
    static func shard(_ n: Int) -> String { "search/shards/\(n).json" }
    static func shardScript(_ n: Int) -> String { "search/shards/\(n).js" }
    static let sitemapIndex = "sitemap.xml"
    static func sitemap(_ n: Int) -> String { "sitemap-\(n).xml" }

    /// The folders below the output folder that hold files.
    static let folders = ["list", "city", "assets", "search/shards"]
}
