/// `404.html`, which static hosts serve for any missing path: its links are absolute (`SiteLayout`).
struct NotFoundPage: PageKind {
    var name: String { "notFound" }
    var templates: [PageTemplate] { [.notFound] }
    var inSitemap: Bool { false }
    var linksAbsolutely: Bool { true }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList { formats.contains(.html) ? RouteList([.notFound]) : RouteList() }
}

extension Route {
    /// `404.html`.
    public static var notFound: Route { .page(.notFound) }
}

extension SiteRenderer {
    func notFoundPage() -> Page {
        let head = PageHead(title: words["notFound.heading"], description: words["notFound.description"])
        var context = common(.notFound, head)
        if layout.baseURL == nil {
            // Served at any depth, and without a base URL it cannot know the site's folder: its style is inline,
            // and a script finds the folder (docs/design.md, "The pages").
            context.append(.inlineStyle, bytes: templates.assets["style.css"] ?? [])
            context.append(.findRoot, text: layout.path(.indexManifest(.json)))
        }
        return render(.notFound, context, .notFound, head, role: .notFound)
    }
}
