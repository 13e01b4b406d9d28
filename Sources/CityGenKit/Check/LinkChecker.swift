import Foundation
import Synchronization

/// Checks every relative link and `#fragment` of the built site (`citygen check`): `href="…"` and `src="…"` in
/// HTML, `](…)` in Markdown; absolute URLs (`https:`, `mailto:`, `//host`) and root-relative ones are left alone.
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
        // Pass 1, on all cores: every link's file, and the ids asked of each HTML page.
        let state = Mutex((links: 0, broken: [BrokenLink](), wanted: [String: Set<String>]()))
        try Parallel.forEachChunk(pages.indices, chunk: 1024) { part in
            var links = 0
            var broken: [BrokenLink] = []
            var wanted: [String: Set<String>] = [:]
            forEachRelativeLink(of: pages[part]) { page, link in
                links += 1
                guard let target = link.target, known.contains(target) else {
                    broken.append(BrokenLink(page: page, link: link.text, reason: "no such file"))
                    return
                }
                if let id = link.fragment, target.hasSuffix(".html") { wanted[target, default: []].insert(Self.anchor(of: id)) }
            }
            state.withLock { state in
                state.links += links
                state.broken += broken
                state.wanted.merge(wanted) { $0.union($1) }
            }
        }
        let (links, brokenFiles, wanted) = state.withLock { ($0.links, $0.broken, $0.wanted) }
        // Pass 2, on all cores: each page asked for ids is read once, for the ids it lacks.
        let targets = Array(wanted.keys)
        let lacking = Mutex([String: Set<String>]())
        try Parallel.forEachChunk(targets.indices, chunk: 64) { part in
            var found: [String: Set<String>] = [:]
            for target in targets[part] {
                let missing = wanted[target]!.subtracting(Self.ids(in: contents(of: target) ?? Data()))
                if !missing.isEmpty { found[target] = missing }
            }
            lacking.withLock { $0.merge(found) { a, _ in a } }
        }
        var broken = brokenFiles
        // Pass 3, only on a site with a missing id: the links that ask for one.
        let missing = lacking.withLock { $0 }
        if !missing.isEmpty {
            forEachRelativeLink(of: pages[...]) { page, link in
                guard let target = link.target, let id = link.fragment.map(Self.anchor), missing[target]?.contains(id) == true else { return }
                broken.append(BrokenLink(page: page, link: link.text, reason: "no element with id \"\(id)\" in \(target)"))
            }
        }
        broken.sort { ($0.page, $0.link) < ($1.page, $1.link) }
        return Result(pages: pages.count, links: links, broken: broken)
    }

    /// The id a fragment asks for: a view of the map to explore (SPEC §7, `#<zoom>/<lat>/<lon>`) asks for the map.
    static func anchor(of fragment: String) -> String {
        let parts = fragment.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy({ Double($0) != nil }) ? "exploreMap" : fragment
    }

    /// Every file below the root, relative to it, leaving out citygen's bookkeeping (`.citygen*`).
    private func siteFiles() throws -> [String] {
        var files: [String] = []
        try SiteFolderWalk.files(in: root) { path, _ in files.append(path) }
        return files.sorted()
    }

    private func contents(of path: String) -> Data? {
        FileManager.default.contents(atPath: root.path + "/" + path)
    }

    /// A relative link of a page: its text (`&amp;` decoded), the file it leads to and its fragment.
    struct RelativeLink {
        var bytes: [UInt8]
        /// The path below the root; nil when the link climbs out of it.
        var target: String?
        var fragmentStart: Int?

        var text: String { String(decoding: bytes, as: UTF8.self) }
        var fragment: String? { fragmentStart.map { String(decoding: bytes[$0...], as: UTF8.self) } }
    }

    /// Calls `body` with each relative link of each page, in order. Links are handled as bytes: a full site has
    /// millions of them.
    private func forEachRelativeLink(of pages: ArraySlice<String>, _ body: (String, RelativeLink) -> Void) {
        var target: [UInt8] = []
        for page in pages {
            guard let data = contents(of: page) else { continue }
            let folder = Self.folder(of: page)
            data.withUnsafeBytes { raw in
                Self.forEachLink(in: raw.bindMemory(to: UInt8.self), html: page.hasSuffix(".html")) { bytes in
                    guard Self.isRelative(bytes) else { return }
                    let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
                    let pathEnd = min(hash ?? bytes.count, bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count)
                    var link = RelativeLink(bytes: bytes, target: page, fragmentStart: hash.map { $0 + 1 })
                    if pathEnd > 0 {
                        target.removeAll(keepingCapacity: true)
                        target += folder
                        link.target = Self.resolve(bytes[..<pathEnd], onto: &target) ? String(decoding: target, as: UTF8.self) : nil
                    }
                    body(page, link)
                }
            }
        }
    }

    /// The folder of a page (`a/b` for `a/b/c.html`, empty for a page at the root).
    private static func folder(of page: String) -> [UInt8] {
        var folder = Array(page.utf8)
        folder.removeSubrange((folder.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
        return folder
    }

    static func isRelative(_ link: String) -> Bool { isRelative(Array(link.utf8)) }

    static func isRelative(_ link: [UInt8]) -> Bool {
        guard let first = link.first, first != UInt8(ascii: "/") else { return false }
        // A scheme (`https:`, `mailto:`, `javascript:`) comes before any `/`, `?` or `#`.
        for byte in link {
            switch byte {
            case UInt8(ascii: ":"): return false
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
            default: continue
            }
        }
        return true
    }

    /// `path` seen from `page`, as a path below the root; nil when it climbs out of the root.
    static func resolve(_ path: String, from page: String) -> String? {
        var resolved = folder(of: page)
        return resolve(Array(path.utf8)[...], onto: &resolved) ? String(decoding: resolved, as: UTF8.self) : nil
    }

    /// Applies `path`'s segments to `folder` (`a/b`, `` for the root); false when they climb out of the root.
    private static func resolve(_ path: ArraySlice<UInt8>, onto folder: inout [UInt8]) -> Bool {
        for segment in path.split(separator: UInt8(ascii: "/")) {
            if segment.elementsEqual([UInt8(ascii: ".")]) { continue }
            if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard !folder.isEmpty else { return false }
                folder.removeSubrange((folder.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
                continue
            }
            if !folder.isEmpty { folder.append(UInt8(ascii: "/")) }
            folder += segment
        }
        return true
    }

    /// Link targets in a page: `href="…"`/`src="…"` in HTML (entities `&amp;` decoded), `](…)` in Markdown
    /// (not after a backslash, which escapes the bracket).
    static func links(in data: Data, html: Bool) -> [String] {
        var links: [String] = []
        data.withUnsafeBytes { raw in
            forEachLink(in: raw.bindMemory(to: UInt8.self), html: html) { links.append(String(decoding: $0, as: UTF8.self)) }
        }
        return links
    }

    private static let htmlOpeners = [Array("href=".utf8), Array("src=".utf8)]
    private static let ampersandEntity = Array("&amp;".utf8)

    /// Calls `found` with each link target of a page. The scan jumps from one `"` (HTML) or `(` (Markdown) to the
    /// next and looks at what comes before it.
    private static func forEachLink(in bytes: UnsafeBufferPointer<UInt8>, html: Bool, _ found: ([UInt8]) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let open: UInt8 = html ? UInt8(ascii: "\"") : UInt8(ascii: "(")
        let close: UInt8 = html ? UInt8(ascii: "\"") : UInt8(ascii: ")")
        var link: [UInt8] = []
        var i = 0
        while i < bytes.count, let hit = memchr(base + i, Int32(open), bytes.count - i) {
            let opening = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            i = opening + 1
            let isLink =
                html
                ? htmlOpeners.contains { opener in
                    opening >= opener.count && bytes[(opening - opener.count)..<opening].elementsEqual(opener)
                }
                : opening >= 1 && bytes[opening - 1] == UInt8(ascii: "]") && (opening < 2 || bytes[opening - 2] != UInt8(ascii: "\\"))
            guard isLink else { continue }
            var end = i
            while end < bytes.count, bytes[end] != close, bytes[end] != 0x0A { end += 1 }
            link.removeAll(keepingCapacity: true)
            var j = i
            while j < end {
                if html, bytes[j] == UInt8(ascii: "&"), j + ampersandEntity.count <= end,
                    bytes[j..<(j + ampersandEntity.count)].elementsEqual(ampersandEntity)
                {
                    link.append(UInt8(ascii: "&"))
                    j += ampersandEntity.count
                } else {
                    link.append(bytes[j])
                    j += 1
                }
            }
            found(link)
            i = end + 1
        }
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
