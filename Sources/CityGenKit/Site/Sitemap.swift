import Foundation

/// `sitemap.xml` as a sitemap index over `sitemap-<n>.xml` files of at most 50,000 URLs (the protocol's limit).
public enum Sitemap {
    public static let urlsPerFile = 50_000

    /// The names of the files for `urlCount` URLs, as `files` writes them.
    static func fileNames(urlCount: Int, urlsPerFile: Int = Sitemap.urlsPerFile) -> [String] {
        (1...max(1, (urlCount + urlsPerFile - 1) / urlsPerFile)).map(SitePaths.sitemap) + [SitePaths.sitemapIndex]
    }

    /// The files to write: path → contents. `paths` are the site's HTML pages, relative to `baseURL`.
    public static func files(baseURL: URL, paths: [String], urlsPerFile: Int = Sitemap.urlsPerFile) -> [(path: String, text: String)] {
        let base = baseURL.absoluteString
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let namespace = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
        var files: [(String, String)] = []
        var index = header + "<sitemapindex \(namespace)>\n"
        for (number, start) in stride(from: 0, to: max(paths.count, 1), by: urlsPerFile).enumerated() {
            let name = SitePaths.sitemap(number + 1)
            var text = header + "<urlset \(namespace)>\n"
            for path in paths[start..<min(paths.count, start + urlsPerFile)] {
                text += "<url><loc>\(HTMLEscaping.escape(base + path))</loc></url>\n"
            }
            files.append((name, text + "</urlset>\n"))
            index += "<sitemap><loc>\(HTMLEscaping.escape(base + name))</loc></sitemap>\n"
        }
        files.append((SitePaths.sitemapIndex, index + "</sitemapindex>\n"))
        return files
    }
}
