import Foundation
import Synchronization

/// Checks every relative link and `#fragment` of the built site (`citygen check`).
///
/// Links are read from `href="…"` and `src="…"` in HTML and from `](…)` in Markdown; absolute URLs
/// (`https:`, `mailto:`, `//host`) and root-relative ones are left alone. A link resolves when its file exists
/// below the root; a fragment resolves when the target HTML page has an element with that `id`.
public struct LinkChecker: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// The result of a check: how much was read and what is broken.
    public struct Result: Sendable {
        public var pages = 0
        public var links = 0
        public var broken: [BrokenLink] = []
    }

    public func check() throws -> Result {
        let files = try siteFiles()
        let known = Set(files)
        let pages = files.filter { $0.hasSuffix(".html") || $0.hasSuffix(".md") }
        // Pass 1, on all cores: every link's file; fragments are kept for pass 2.
        let state = Mutex((links: 0, broken: [BrokenLink](), fragments: [String: [(page: String, link: String, id: String)]]()))
        try Parallel.forEachChunk(pages.indices, chunk: 1024) { part in
            var links = 0
            var broken: [BrokenLink] = []
            var fragments: [String: [(page: String, link: String, id: String)]] = [:]
            for page in pages[part] {
                guard let data = FileManager.default.contents(atPath: root.path + "/" + page) else { continue }
                for link in Self.links(in: data, html: page.hasSuffix(".html")) where Self.isRelative(link) {
                    links += 1
                    let (path, fragment) = Self.split(link)
                    let target = path.isEmpty ? page : Self.resolve(path, from: page)
                    guard let target, known.contains(target) else {
                        broken.append(BrokenLink(page: page, link: link, reason: "no such file"))
                        continue
                    }
                    if let fragment, target.hasSuffix(".html") {
                        fragments[target, default: []].append((page, link, fragment))
                    }
                }
            }
            state.withLock { state in
                state.links += links
                state.broken += broken
                state.fragments.merge(fragments) { $0 + $1 }
            }
        }
        let (links, brokenFiles, fragments) = state.withLock { ($0.links, $0.broken, $0.fragments) }
        var broken = brokenFiles
        // Pass 2: each page that is a fragment's target is read once for its ids.
        for (target, uses) in fragments {
            let ids = Self.ids(in: FileManager.default.contents(atPath: root.path + "/" + target) ?? Data())
            for use in uses where !ids.contains(use.id) {
                broken.append(BrokenLink(page: use.page, link: use.link, reason: "no element with id \"\(use.id)\" in \(target)"))
            }
        }
        broken.sort { ($0.page, $0.link) < ($1.page, $1.link) }
        return Result(pages: pages.count, links: links, broken: broken)
    }

    /// Every file below the root, relative to it, leaving out citygen's bookkeeping (`.citygen*`).
    private func siteFiles() throws -> [String] {
        var files: [String] = []
        try SiteFolderWalk.files(in: root) { path, _ in files.append(path) }
        return files.sorted()
    }

    static func isRelative(_ link: String) -> Bool {
        guard !link.isEmpty, !link.hasPrefix("/") else { return false }
        // A scheme (`https:`, `mailto:`, `javascript:`) comes before any `/`, `?` or `#`.
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains(where: { "/?#".contains($0) }) { return false }
        return true
    }

    static func split(_ link: String) -> (path: String, fragment: String?) {
        let withoutQuery = link.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let hash = link.firstIndex(of: "#") else { return (String(withoutQuery[0]), nil) }
        let path = String(link[..<hash]).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return (String(path), String(link[link.index(after: hash)...]))
    }

    /// `path` seen from `page`, as a path below the root; nil when it climbs out of the root.
    static func resolve(_ path: String, from page: String) -> String? {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Link targets in a page: `href="…"`/`src="…"` in HTML (entities `&amp;` decoded), `](…)` in Markdown
    /// (not after a backslash, which escapes the bracket).
    static func links(in data: Data, html: Bool) -> [String] {
        let bytes = [UInt8](data)
        var links: [String] = []
        let openers: [[UInt8]] = html ? [Array("href=\"".utf8), Array("src=\"".utf8)] : [Array("](".utf8)]
        let close: UInt8 = html ? UInt8(ascii: "\"") : UInt8(ascii: ")")
        var i = 0
        while i < bytes.count {
            var matched: Int?
            for opener in openers where i + opener.count <= bytes.count && bytes[i] == opener[0] {
                if bytes[i..<(i + opener.count)].elementsEqual(opener), html || i == 0 || bytes[i - 1] != UInt8(ascii: "\\") {
                    matched = opener.count
                    break
                }
            }
            guard let length = matched else {
                i += 1
                continue
            }
            let start = i + length
            var end = start
            while end < bytes.count, bytes[end] != close, bytes[end] != 0x0A { end += 1 }
            var link = String(decoding: bytes[start..<end], as: UTF8.self)
            if html { link = link.replacingOccurrences(of: "&amp;", with: "&") }
            links.append(link)
            i = end
        }
        return links
    }

    /// The values of `id="…"` in an HTML page.
    static func ids(in data: Data) -> Set<String> {
        let bytes = [UInt8](data)
        let opener = Array(" id=\"".utf8)
        var ids = Set<String>()
        var i = 0
        while i + opener.count <= bytes.count {
            if bytes[i] == opener[0], bytes[i..<(i + opener.count)].elementsEqual(opener) {
                let start = i + opener.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                ids.insert(String(decoding: bytes[start..<end], as: UTF8.self))
                i = end
            } else {
                i += 1
            }
        }
        return ids
    }
}
