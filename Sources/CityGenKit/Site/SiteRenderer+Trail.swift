/// A page's trail (SPEC §5 "Going on from any page"): the pages above it, home first, then the page itself; a `<nav>`
/// in HTML, a line in Markdown (`trail.md.mustache`), and schema.org's `BreadcrumbList` in the page's JSON-LD.
extension SiteRenderer {
    /// One step of a trail.
    struct Crumb {
        let name: String
        /// Its page; nil for the page the trail is on.
        let route: Route?
        /// The id its link carries in HTML (`region` on a detail page: SPEC §7's `#region`).
        var id: String? = nil
    }

    /// Home › country › region › the city, of the groupings the site writes.
    func trail(ofCityAt index: Int, _ format: PageFormat) -> [Crumb] {
        var crumbs = [homeCrumb(format)]
        for plan in [site.countries, site.regions] where plan.written {
            guard let group = plan.group(ofCityAt: index) else { continue }
            crumbs.append(Crumb(name: group.name, route: plan.route(group, page: 1, format), id: plan.grouping.name == Grouping.region.name ? "region" : nil))
        }
        return crumbs + [Crumb(name: catalog.cities[index].name, route: nil)]
    }

    /// Home › page n.
    func trail(ofListPage page: Int, _ format: PageFormat) -> [Crumb] {
        [homeCrumb(format), Crumb(name: words.say("trail.page", ["page": language.grouped(page)]), route: nil)]
    }

    func homeCrumb(_ format: PageFormat) -> Crumb { Crumb(name: words["trail.home"], route: .home(format)) }

    /// `crumb` as the last step on its first page; on a later one, a link followed by the page's number.
    func paged(_ crumb: Crumb, page: Int) -> [Crumb] {
        guard page > 1 else { return [Crumb(name: crumb.name, route: nil)] }
        return [crumb, Crumb(name: words.say("trail.page", ["page": language.grouped(page)]), route: nil)]
    }

    /// Appends `trail` (each step's `name` and `href`, `first` for the first and `current` for the page itself,
    /// which the default template leaves to the heading below, and its link's `crumbID`).
    func appendTrail(_ crumbs: [Crumb], from links: SiteLayout.Links, to context: inout TemplateContext) {
        var rows = TemplateRows()
        for (n, crumb) in crumbs.enumerated() {
            rows.append(.name, text: crumb.name)
            if n == 0 { rows.append(.first, flag: true) }
            if let route = crumb.route {
                rows.appendText(.href) { links.appendHref(to: route, to: &$0) }
                if let id = crumb.id { rows.append(.crumbID, text: id) }
            } else {
                rows.append(.current, flag: true)
            }
            rows.endRow()
        }
        context.append(.trail, rows: rows)
    }

    /// Appends the trail of a page that lists places (`route`), and in HTML its JSON-LD: a `CollectionPage`.
    func appendTrail(_ crumbs: [Crumb], from links: SiteLayout.Links, _ route: Route, to context: inout TemplateContext) {
        appendTrail(crumbs, from: links, to: &context)
        guard route.format == .html else { return }
        context.appendText(.jsonLD) { appendJSONLD(crumbs, type: "CollectionPage", url: layout.url(route), from: links, to: &$0) }
    }

    /// Appends a page's JSON-LD to `out`: schema.org's `WebPage` (a `CollectionPage` for a list of places) with its
    /// trail but home as a `BreadcrumbList`, and the place it is about as its `mainEntity`, safe inside `<script>`.
    func appendJSONLD(
        _ crumbs: [Crumb], type: String, url: String?, from links: SiteLayout.Links, to out: inout [UInt8], mainEntity: ((inout [UInt8]) -> Void)? = nil
    ) {
        out += #"{"@context":"https://schema.org","@type":"#.utf8
        JSONText.appendQuoted(type, to: &out)
        out += #","inLanguage":"#.utf8
        JSONText.appendQuoted(language.code, to: &out)
        if let url {
            out += #","url":"#.utf8
            JSONText.appendQuoted(url, to: &out)
        }
        // The steps from the site's own first level down, as search engines show a trail: home is the site itself.
        let steps = crumbs.dropFirst().compactMap { crumb in crumb.route.map { (crumb.name, $0) } }
        if !steps.isEmpty {
            out += #","breadcrumb":{"@type":"BreadcrumbList","itemListElement":["#.utf8
            for (n, (name, route)) in steps.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out += #"{"@type":"ListItem","position":"#.utf8
                Digits.append(n + 1, to: &out)
                out += #","name":"#.utf8
                JSONText.appendQuoted(name, to: &out)
                out += #","item":"#.utf8
                JSONText.appendQuoted(layout.url(route) ?? links.href(to: route), to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out += "]}".utf8
        }
        if let mainEntity {
            out += #","mainEntity":"#.utf8
            mainEntity(&out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
