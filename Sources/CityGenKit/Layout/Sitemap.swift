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
        file(number, count: urls.count, urlsPerFile: urlsPerFile) { (urls[$0], []) }
    }

    /// One language's URL of a page, as a sitemap's `xhtml:link` lists it.
    struct Alternate {
        let hreflang: String
        let href: String
    }

    /// Sitemap file `number` (from 1) of `count` URLs, URL `i` being `entry(i)`: its address and, on a site in several
    /// languages, the page's address in each (`xhtml:link`, Google's way to list translations in a sitemap).
    static func file(_ number: Int, count: Int, urlsPerFile: Int = Sitemap.urlsPerFile, entry: (Int) -> (url: String, alternates: [Alternate])) -> String {
        let start = (number - 1) * urlsPerFile
        var text = header, namespaces = namespace
        var body = ""
        for i in min(start, count)..<min(count, start + urlsPerFile) {
            let (url, alternates) = entry(i)
            body += "<url><loc>\(HTMLEscaping.escape(url))</loc>"
            for alternate in alternates {
                body += "<xhtml:link rel=\"alternate\" hreflang=\"\(HTMLEscaping.escape(alternate.hreflang))\" href=\"\(HTMLEscaping.escape(alternate.href))\"/>"
            }
            body += "</url>\n"
            if !alternates.isEmpty { namespaces = namespace + " " + xhtmlNamespace }
        }
        text += "<urlset \(namespaces)>\n" + body
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
    private static let xhtmlNamespace = "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""
}
