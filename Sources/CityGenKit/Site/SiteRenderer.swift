import Foundation

/// Renders the pages of a `Site`: Markdown from the templates, HTML as that Markdown rendered by cmark inside the
/// layout; each page kind renders its own (`Site/Pages/`) with what this shares. Pure: no file system.
final class SiteRenderer: Sendable {
    let site: Site
    let templates: TemplateSet
    /// `frame` of the detail pages, by format: all of them are as deep below `city/`, and link to nothing in it.
    let detailFrames: [PageFormat: TemplateContext]
    /// The two pagers of a list page: landmarks with different names (axe's `landmark-unique`).
    let pagerLabels: (top: TemplateValue, bottom: TemplateValue)
    /// `search.js` as written: the script's words (`Words.scriptPrelude`), then the template set's script.
    let searchScript: [UInt8]
    /// What the links to a page's translations say of each language, in the site's order, made once.
    let twins: [Twin]
    /// The start of a Markdown page's line of translations: a line break, then its label (`appendTranslationsLine`).
    let translationsLineStart: [UInt8]

    /// A language of the site, as a page's translation links show it.
    struct Twin {
        /// Its code, its name in itself (and escaped for Markdown), its folder (`en/`; empty at the root), whether current.
        let code: [UInt8], name: [UInt8], markdownName: [UInt8], folder: [UInt8], current: Bool
    }

    init(site: Site, templates: TemplateSet) {
        self.site = site
        self.templates = templates
        (catalog, plan, layout, title, favorites) = (site.catalog, site.plan, site.layout, site.title, site.favorites)
        (countryNames, maps, language, words) = (site.countryNames, site.maps, site.settings.language, site.settings.language.words)
        compassWords = NearestCities.CompassPoint.allCases.map { site.settings.language.words[$0.wordKey] }
        let languages = site.settings.translations.isEmpty ? [words] : site.settings.translations.map(\.language.words)
        let script = templates.assets["search.js"] ?? [], said = String(decoding: script + (templates.assets["map.js"] ?? []), as: UTF8.self)
        let prelude = Words.scriptPrelude(languages, script: said, indexFolder: SiteLayout.indexFolderName)
        self.searchScript = Array((prelude + "window.citygenIndexVersion = \(IndexManifest.formatVersion);\n").utf8) + script
        self.twins = site.settings.translations.map {
            Twin(code: Array($0.language.code.utf8), name: Array($0.language.autonym.utf8), markdownName: MarkdownEscaping.escape(Array($0.language.autonym.utf8)),
                 folder: Array($0.layout.languageFolder.utf8), current: $0.layout == site.layout)
        }
        var lineStart = Array("\n".utf8)
        MarkdownEscaping.append(words["languages.label"], to: &lineStart)
        self.translationsLineStart = lineStart + Array(": ".utf8)
        self.pagerLabels = (.object([.pagerLabel: .text(words["pager.label"])]), .object([.pagerLabel: .text(words["pager.labelEnd"])]))
        let id = site.catalog.cities.first?.id ?? 0
        self.detailFrames = Dictionary(
            uniqueKeysWithValues: PageFormat.allCases.map { ($0, Self.frame(.city(id: id, $0), site: site)) })
    }

    // The site's parts every page reads, kept here once: a computed property would copy them, and count a
    // reference of each of their arrays, at every read.
    let catalog: CityCatalog
    let plan: SitePlan
    let layout: SiteLayout
    let title: String
    let favorites: Set<Int>
    let countryNames: [String: String]
    let maps: SiteMaps
    let language: SiteLanguage
    let words: Words
    /// The words of the compass's points, by `NearestCities.CompassPoint.index`.
    let compassWords: [String]

    /// The pages at `routes`: a city's formats in one call, which makes its texts once; any other page alone.
    func pages(_ routes: [PageRoute]) -> [Page] {
        guard routes.count > 1, case .city(let id, _) = routes[0] else { return routes.map(page) }
        return city(at: site.indexByID[id]!, routes.map(\.format))
    }

    /// The page `page`.
    func page(_ page: PageRoute) -> Page {
        switch page {
        case .home(let format): home(format)
        case .favorites(let format): favoritesPage(format)
        case .list(let number, let format): list(page: number, format)
        case .cityViewer: cityViewer()
        case .cityData(let file): CompactDataPage.render(file, with: self)
        case .city(let id, let format): city(at: site.indexByID[id]!, [format])[0]
        case .groupIndex(let folder, let format): groupIndex(folder, format)
        case .group(let folder, let folders, let number, let format): groupPage(folder, folders, page: number, format)
        case .notFound: notFoundPage()
        case .explore: explorePage()
        }
    }

    /// What a page says of itself in its head: its title without the site's (nil: the site's title) and description.
    struct PageHead {
        let title: String?
        let description: String
        /// Whether the HTML page says its description in its head: not a detail page, whose facts say it.
        var inHead = true
    }

    /// Appends what a template gets of a map image to `row`: its link from the page, size, and alt text.
    func appendMap(_ route: Route, _ window: MapWindow, alt: String, from links: SiteLayout.Links, to row: inout TemplateRows) {
        row.append(.mapHref, text: links.href(to: route))
        row.append(.mapWidth, number: window.width)
        row.append(.mapHeight, number: window.height)
        row.append(.mapAlt, text: alt)
    }

    /// A map image as an object of its own (`appendMap`).
    func mapRow(_ route: Route, _ window: MapWindow, alt: String, from links: SiteLayout.Links) -> TemplateRows {
        var row = TemplateRows()
        appendMap(route, window, alt: alt, from: links, to: &row)
        row.endRow()
        return row
    }

    /// Appends what every list page shows: the rows of `cities` and the pagers of page `page` of `pages` (`route(n)`).
    func appendList(
        _ cities: some Sequence<Int>, page: Int, of pages: Int, from links: SiteLayout.Links, to context: inout TemplateContext, _ route: (Int) -> Route
    ) {
        context.append(.cities, rows: rows(cities, from: links))
        context.append(.pager, rows: pager(current: page, last: pages, route))
        context.append(.pagerTop, pages > 1 ? pagerLabels.top : false)
        context.append(.pagerBottom, pages > 1 ? pagerLabels.bottom : false)
    }

    /// A list page's description: its heading and the first and last city it shows.
    func span<Indices: Collection<Int>>(_ heading: String, _ indices: Indices) -> String {
        guard let first = indices.first, let last = indices.reversed().first else { return heading + "." }
        return words.say("list.description", ["heading": heading, "first": site.label(first), "last": site.label(last)])
    }

    /// What every page's templates get: titles, description, the format, the links every page has, the canonical URL.
    func common(_ page: Route, _ head: PageHead) -> TemplateContext {
        var context = TemplateContext()
        context.reserveCapacity(entries: 64, bytes: 4096)
        appendCommon(page, head, to: &context)
        return context
    }

    /// Appends `common(page, head)` to `context`.
    func appendCommon(_ page: Route, _ head: PageHead, to context: inout TemplateContext) {
        context.append(contentsOf: page.cityID != nil ? detailFrames[page.format!] ?? Self.frame(page, site: site) : Self.frame(page, site: site))
        context.append(.pageTitle, text: head.title.map { "\($0) · \(title)" } ?? title)
        if head.inHead { context.append(.description, text: head.description) }
        if page != .notFound, let url = layout.url(page) { context.append(.canonical, text: url) }
        // The layout shows them: a Markdown page gets its line of them instead (`appendTranslationsLine`).
        if !twins.isEmpty, page.format == .html { appendTranslations(of: page, to: &context) }
    }

    /// Appends the page's translations (SPEC §5 "Language") to `context`: `translations`, the switcher's relative
    /// links, and `alternates`, the head's (absolute with a base URL), the first language's as `xDefault`.
    func appendTranslations(of page: Route, to context: inout TemplateContext) {
        let links = TwinLinks(page, twins: twins, from: layout)
        var switcher = TemplateRows(), alternates = TemplateRows()
        for twin in twins.indices {
            switcher.append(.hreflang, bytes: twins[twin].code)
            switcher.appendText(.href) { links.appendHref(twin, to: &$0) }
            switcher.append(.name, bytes: twins[twin].name)
            switcher.append(.current, flag: twins[twin].current)
            switcher.endRow()
            alternates.append(.hreflang, bytes: twins[twin].code)
            alternates.appendText(.href) { links.appendURL(twin, to: &$0) }
            alternates.endRow()
        }
        context.append(.translations, rows: switcher)
        context.append(.alternates, rows: alternates)
        context.appendText(.xDefault) { links.appendURL(0, to: &$0) }
    }

    /// Appends the line a Markdown page ends with in several languages: `Languages: [Español](../index.md) · **English**`.
    func appendTranslationsLine(of page: Route, to out: inout [UInt8]) {
        let links = TwinLinks(page, twins: twins, from: layout)
        out += translationsLineStart
        for twin in twins.indices {
            if twin > 0 { out += " · ".utf8 }
            let name = twins[twin].markdownName
            if twins[twin].current {
                out += "**".utf8 + name + "**".utf8
            } else {
                out += "[".utf8 + name + "](".utf8
                links.appendHref(twin, to: &out)
                out += ")".utf8
            }
        }
        out += "\n".utf8
    }

    /// The links from a page to the same page in each language: its twin's path after as many `../` as the page is
    /// deep, or absolute from the 404 page, which is served at any path.
    struct TwinLinks {
        /// The page's path in each language, in the site's order.
        let paths: [[UInt8]]
        /// How many folders deep the page is.
        let ups: Int
        let absolute: Bool
        let baseURL: String?

        init(_ page: Route, twins: [Twin], from layout: SiteLayout) {
            // A page's path in a language is that language's folder, then the page's path in the root's.
            var path: [UInt8] = []
            layout.appendPath(page, to: &path)
            ups = path.count { $0 == SiteLayout.slash }
            let inRoot = path.dropFirst(layout.languageFolder.utf8.count)
            paths = twins.map { $0.folder + inRoot }
            absolute = layout.linksAbsolutely(from: page)
            baseURL = layout.baseURL
        }

        /// Appends the link to the page in language `twin` to `out`.
        func appendHref(_ twin: Int, to out: inout [UInt8]) {
            if absolute {
                out += (baseURL ?? "/").utf8
            } else {
                for _ in 0..<ups { out += "../".utf8 }
            }
            out += paths[twin]
        }

        /// Appends the page's URL in language `twin` to `out`: absolute with a base URL, else as `appendHref`.
        func appendURL(_ twin: Int, to out: inout [UInt8]) {
            guard let baseURL else { return appendHref(twin, to: &out) }
            out += baseURL.utf8
            out += paths[twin]
        }
    }

    /// Appends the pattern of a city's URL from `page` (`data-city-url`) for pages whose script lists cities.
    func appendCityURL(from page: Route, to context: inout TemplateContext) {
        context.append(.cityURL, text: layout.root(from: page) + layout.cityURLTemplate)
    }

    /// What `common` gives every page of `page`'s folder: the site's title, its language, links, the GeoNames credit.
    static func frame(_ page: Route, site: Site) -> TemplateContext {
        let layout = site.layout, title = site.title, format = page.format!
        let links = layout.links(from: page)
        let root = layout.root(from: page)
        var context = TemplateContext()
        context.append(.siteTitle, text: title)
        context.append(.lang, text: site.settings.language.code)
        if site.settings.language.rightToLeft { context.append(.rightToLeft, flag: true) }
        if let style = site.settings.language.listStyle { context.append(.listStyle, text: style) }
        context.append(.root, text: root)
        context.append(.ext, text: format.fileExtension)
        context.append(.html, flag: format == .html)
        context.append(.homeHref, text: links.href(to: .home(format)))
        context.append(.stylesheetHref, text: links.href(to: .asset("style.css")))
        // 404.html without a base URL is served at any depth, where no path to the root is known.
        let rootless = page == .notFound && layout.baseURL == nil
        context.append(.iconHref, text: rootless ? SiteIcon.dataURL : links.href(to: .icon))
        context.append(.searchScriptHref, text: links.href(to: .asset("search.js")))
        if site.places != nil { context.append(.placesCredit, flag: true) }
        return context
    }

    /// The page `page` from `template` and `context`, with the metadata of `head`: in Markdown the template's text;
    /// in HTML what cmark makes of it (`TemplateSet.appendHTML`) inside the layout.
    func render(_ template: PageTemplate, _ context: consuming TemplateContext, _ page: Route, _ head: PageHead, role: Page.Role = .article) -> Page {
        var bytes: [UInt8]
        if page.format == .html {
            bytes = []
            bytes.reserveCapacity(8192)
            templates.appendHTML(template, context, to: &bytes)
            context.append(.body, bytes: bytes)
            bytes = templates.page(context)
        } else {
            bytes = templates.markdown(template, context, in: .markdown)
            if !twins.isEmpty { appendTranslationsLine(of: page, to: &bytes) }
        }
        return Page(bytes: bytes, metadata: .init(title: head.title ?? title, description: head.description, language: site.settings.language.iso639_3, role: role))
    }
}
