/// Maps a preview server's request path to a file of the site, safely (`citygen serve`).
public enum ServePath {
    /// The file below the site's root for `requestPath` (`/`, `/list/1.html`, `/city/`), or nil when the path
    /// would leave the root or names citygen's bookkeeping. Folders map to their `index.html`.
    public static func file(for requestPath: String) -> String? {
        let path = requestPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let decoded = String(path).removingPercentEncoding else { return nil }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." || part.hasPrefix(SiteLayout.bookkeepingPrefix) || part.contains("\0") || part.contains("\\") { return nil }
            parts.append(part)
        }
        if decoded.hasSuffix("/") || parts.isEmpty { parts.append(Substring(SiteLayout().path(.home(.html)))) }
        return parts.joined(separator: "/")
    }

    /// The `Content-Type` of a site file.
    public static func contentType(for file: String) -> String {
        switch file.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "html": "text/html; charset=utf-8"
        case "md": "text/markdown; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "txt": "text/plain; charset=utf-8"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
