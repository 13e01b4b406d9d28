import Foundation

/// `sitemap.xml` as a sitemap index over `sitemap-<n>.xml` files of at most 50,000 URLs (the protocol's limit).
public enum Sitemap {
    public static let urlsPerFile = 50_000

    /// How many sitemap files `urls` URLs take (at least one).
    static func fileCount(urls: Int, urlsPerFile: Int = Sitemap.urlsPerFile) -> Int {
        max(1, (urls + urlsPerFile - 1) / urlsPerFile)
    }

    /// Sitemap file `number` (from 1) of `urls`.
    static func file<URLs: RandomAccessCollection<String>>(_ number: Int, of urls: URLs, urlsPerFile: Int = Sitemap.urlsPerFile) -> String
    where URLs.Index == Int {
        let start = (number - 1) * urlsPerFile
        var text = header + "<urlset \(namespace)>\n"
        for url in urls[min(start, urls.count)..<min(urls.count, start + urlsPerFile)] {
            text += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n"
        }
        return text + "</urlset>\n"
    }

    /// The sitemap index that lists the sitemap files at `fileURLs`.
    static func index(of fileURLs: [String]) -> String {
        header + "<sitemapindex \(namespace)>\n"
            + fileURLs.map { "<sitemap><loc>\(HTMLEscaping.escape($0))</loc></sitemap>\n" }.joined()
            + "</sitemapindex>\n"
    }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private static let namespace = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
}
