/// Links between the files of a site: every one relative, made from the two paths (`SiteLayout`), but from the
/// 404 page, which is served at any path.
extension SiteLayout {
    /// The link from the page `page` to `target` (with `#fragment` when given).
    public func href(to target: Route, from page: Route, fragment: String? = nil) -> String {
        links(from: page).href(to: target, fragment: fragment)
    }

    /// The links of one page: its path is worked out once for all of them.
    public func links(from page: Route) -> Links {
        let path = path(page)
        return Links(
            layout: self, page: page, pagePath: path, absolute: linksAbsolutely(from: page), pageCityID: page.cityID,
            ups: path.utf8.count { $0 == Self.slash }, inCityFolder: path.utf8.starts(with: languageFolder.utf8) && path.utf8.dropFirst(languageFolder.utf8.count).starts(with: "city/".utf8))
    }

    /// Links from one page (`SiteLayout.links(from:)`).
    public struct Links: Sendable {
        let layout: SiteLayout
        public let page: Route
        let pagePath: String
        /// Whether its links are absolute (`linksAbsolutely`).
        let absolute: Bool
        /// The id of its city, on a detail page.
        let pageCityID: Int?
        /// How many folders deep it is.
        let ups: Int
        /// Whether it is in the folder of detail pages (then the link to a detail page is not `ups` and its path).
        let inCityFolder: Bool

        /// The link to `target` (with `#fragment` when given).
        public func href(to target: Route, fragment: String? = nil) -> String {
            var link: [UInt8] = []
            appendHref(to: target, to: &link)
            if let fragment { link += "#\(fragment)".utf8 }
            return String(decoding: link, as: UTF8.self)
        }

        /// Appends the link to `target` to `out`; `cell`, the id of a city, adds its row's fragment (`#cityCell_ID`).
        func appendHref(to target: Route, cell: Int? = nil, to out: inout [UInt8]) {
            let compact = layout.cityFolders == .compact
            if !compact, let from = pageCityID, let id = target.cityID {
                layout.appendCityLink(from: from, to: id, target.format!, to: &out)
            } else if !compact, !absolute, !inCityFolder, let id = target.cityID {
                for _ in 0..<ups { out += "../".utf8 }
                layout.appendCityPath(id, target.format!, to: &out)
            } else {
                // In a compact site every city's path is `city.html`, and the city is in the query.
                if absolute {
                    out += layout.absoluteRoot.utf8
                    layout.appendPath(target, to: &out)
                } else {
                    // The target's path, then its folders shared with the page's replaced by the `../` that lead there.
                    let start = out.count
                    layout.appendPath(target, to: &out)
                    let (ups, shared) = out.withUnsafeBufferPointer { SiteLayout.relativeParts(UnsafeBufferPointer(rebasing: $0[start...]), from: pagePath) }
                    precondition(3 * ups <= SiteLayout.parentLinks.count, "a page deeper than the site's folders")
                    out.replaceSubrange(start..<start + shared, with: SiteLayout.parentLinks.prefix(3 * ups))
                }
                if compact, let id = target.cityID {
                    out += "?id=".utf8
                    Digits.append(id, to: &out)
                }
            }
            if let cell {
                out += "#cityCell_".utf8
                Digits.append(cell, to: &out)
            }
        }
    }

    /// Appends the link between two detail pages to `out`, as `relative` would make it, digit by digit: the most
    /// frequent link of the site.
    func appendCityLink(from: Int, to id: Int, _ format: PageFormat, to out: inout [UInt8]) {
        switch cityFolders {
        case .flat:
            break
        case .compact:
            preconditionFailure("a compact site has one page for every city")
        case .remainder(let n):
            let folder = Self.folderNumber(of: id, among: n)
            if folder != Self.folderNumber(of: from, among: n) {
                out += "../".utf8
                Digits.append(folder, to: &out)
                out.append(UInt8(ascii: "/"))
            }
        }
        Digits.append(id, to: &out)
        out.append(UInt8(ascii: "."))
        out += format.fileExtension.utf8
    }

    /// The link from `page` to the search index's folder (ends with `/`).
    public func indexFolderHref(from page: Route) -> String { Self.relative(indexFolder, from: path(page)) }

    /// What leads from `page` to the site's root folder: `../` for each folder it is in, or for the 404 page
    /// the base URL (or `/`). Templates get it as `root`.
    public func root(from page: Route) -> String {
        linksAbsolutely(from: page) ? absoluteRoot : String(repeating: "../", count: path(page).utf8.count { $0 == Self.slash })
    }

    /// Whether links from `page` are absolute: those of a page served at any path (`PageKind.linksAbsolutely`).
    func linksAbsolutely(from page: Route) -> Bool {
        page.page?.kind.linksAbsolutely ?? false
    }

    /// The public URL of `route` (needs `baseURL`).
    public func url(_ route: Route) -> String? { baseURL.map { $0 + path(route) } }

    var absoluteRoot: String { baseURL ?? "/" }

    static let slash = UInt8(ascii: "/")

    /// `target` relative to the folder of `page` (both relative to the root): shared folders are dropped and
    /// each folder of `page` that `target` is not in becomes `../`.
    static func relative(_ target: String, from page: String) -> String {
        let (ups, rest) = relativeParts(target, from: page)
        return ups == 0 ? String(rest) : String(repeating: "../", count: ups) + rest
    }

    /// How many folders `relative` goes up from `page`, and the part of `target` below the folder they share.
    static func relativeParts(_ target: String, from page: String) -> (ups: Int, rest: Substring) {
        var target = target
        let (ups, shared) = target.withUTF8 { relativeParts($0, from: page) }
        return (ups, Substring(target.utf8.dropFirst(shared)))
    }

    /// How many folders `relative` goes up from `page`, and how many bytes of `target` are the folders they share.
    static func relativeParts(_ target: UnsafeBufferPointer<UInt8>, from page: String) -> (ups: Int, shared: Int) {
        var page = page
        return page.withUTF8 { p in
            var i = 0, shared = 0
            while i < target.count, i < p.count, target[i] == p[i] {
                if target[i] == slash { shared = i + 1 }
                i += 1
            }
            return (p[shared...].count { $0 == slash }, shared)
        }
    }

    /// `../` as many times as a page can be deep (the site's folders are at most 3 deep).
    static let parentLinks = Array(String(repeating: "../", count: 8).utf8)
}
