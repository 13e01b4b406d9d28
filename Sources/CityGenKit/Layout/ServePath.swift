import Foundation

/// Maps a preview server's request path to a file of the site, safely (`citygen serve`).
public enum ServePath {
    /// Longer request paths are refused: no page of the site has a path near this long.
    public static let maximumLength = 1_024

    /// The file to serve for `requestPath` from the site in `root`, as an absolute path, or nil when there is
    /// none: the path is too long, not UTF-8, leaves the root (`..` in any spelling), names citygen's
    /// bookkeeping, or resolves (symbolic links followed) to something that is not a regular file inside the root.
    public static func resolve(_ requestPath: String, in root: URL) -> String? {
        guard requestPath.utf8.count <= maximumLength, let file = file(for: requestPath), let realRoot = realPath(root.path) else {
            return nil
        }
        var candidate = realRoot + "/" + file
        var info = stat()
        if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { candidate += "/" + SiteLayout().path(.home(.html)) }
        return regularFile(candidate, inside: realRoot)
    }

    /// Where to send a request for a folder without its closing slash (`/en`): the same path with the slash and
    /// `query` kept, so that the folder page's relative links resolve; nil for any other path.
    public static func folderRedirect(path requestPath: String, query: String, isFolder: (String) -> Bool) -> String? {
        guard !requestPath.hasSuffix("/"), requestPath.utf8.count < maximumLength, let folder = file(for: requestPath),
            isFolder(folder)
        else { return nil }
        return requestPath + "/" + (query.isEmpty ? "" : "?" + query)
    }

    /// Whether `file` (a path `file(for:)` gave) is a folder of the site in `root`, inside it.
    public static func isFolder(_ file: String, in root: URL) -> Bool {
        var info = stat()
        guard let realRoot = realPath(root.path), let real = realPath(realRoot + "/" + file), real.hasPrefix(realRoot + "/") else { return false }
        return stat(real, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The precompressed copy of `file` (a path `resolve` returned) to send instead for `acceptEncoding`: Brotli
    /// before gzip, each only when accepted (not `q=0`) and a regular file inside the root.
    public static func precompressed(_ file: String, in root: URL, accepting acceptEncoding: String?) -> (file: String, encoding: ContentEncoding)? {
        guard let acceptEncoding, ContentEncoding.applies(to: file), let realRoot = realPath(root.path) else { return nil }
        let accepted = Set(acceptEncoding.lowercased().split(separator: ",").compactMap { item -> String? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let refused = parts.dropFirst().contains { $0.hasPrefix("q=") && Double($0.dropFirst(2)) == 0 }
            return refused ? nil : parts.first
        })
        for encoding in [ContentEncoding.br, .gzip] where accepted.contains(encoding.rawValue) {
            if let real = regularFile(file + "." + encoding.fileExtension, inside: realRoot) { return (real, encoding) }
        }
        return nil
    }

    /// `candidate` with symbolic links resolved, when that is a regular file inside `realRoot` and not citygen's.
    private static func regularFile(_ candidate: String, inside realRoot: String) -> String? {
        var info = stat()
        guard let real = realPath(candidate), real.hasPrefix(realRoot + "/"), stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            !real.dropFirst(realRoot.count + 1).split(separator: "/").contains(where: { $0.hasPrefix(SiteLayout.bookkeepingPrefix) })
        else { return nil }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

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
