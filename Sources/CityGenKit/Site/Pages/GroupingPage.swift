/// The pages of every grouping the site writes (`Site.groupings`, SPEC §5): `<folder>/index`, where the grouping
/// has one, and `<folder>/<group's folders>/<n>`, a group's cities in SPEC §3 order.
struct GroupingPage: PageKind {
    var name: String { "grouping" }
    var templates: [PageTemplate] { [.list, .pager] + Grouping.all.compactMap(\.index?.template) }

    func routes(in site: Site, formats: [PageFormat]) -> RouteList {
        var routes = RouteList()
        for plan in site.groupings where plan.written {
            if plan.grouping.index != nil { routes.append(RouteList(formats.map { .page(.groupIndex(folder: plan.grouping.folder, $0)) })) }
            for format in formats {
                for group in plan.groups { routes.append(count: plan.pageCount(group)) { plan.route(group, page: $0 + 1, format) } }
            }
        }
        return routes
    }

    func routes(showingFavoritesOf indices: Set<Int>, in site: Site) -> [Route] {
        site.groupings.filter(\.written).flatMap { plan in
            site.formats.flatMap { format in indices.compactMap { plan.place(ofCityAt: $0).map { plan.route($0.group, page: $0.page, format) } } }
        }
    }
}

extension SiteRenderer {
    /// Page `page` of the group in `folders` of the grouping in `folder`, with the rows and pager of a list page.
    func groupPage(_ folder: String, _ folders: [String], page: Int, _ format: PageFormat) -> Page {
        let plan = site.grouping(folder: folder)!, group = plan.group(folders: folders)!, grouping = plan.grouping
        let route = plan.route(group, page: page, format)
        let links = layout.links(from: route)
        let pages = plan.pageCount(group)
        let parent = grouping.parent.flatMap { site.grouping(named: $0) }.flatMap { parent in parent.group(ofCityAt: Int(group.cities[0])).map { (parent, $0) } }
        var names = [(key: grouping.words, value: group.title)]
        if let (plan, group) = parent { names.append((plan.grouping.words, group.name)) }
        let heading = words.say("\(grouping.words).heading", values: names + [("page", language.grouped(page)), ("pages", language.grouped(pages))])
        let onPage = plan.cities(of: group, onPage: page)
        let head = PageHead(title: heading, description: span(heading, onPage))
        var context = common(route, head)
        context.append(.heading, text: heading)
        if page == 1 {
            if let map = grouping.map?(site, group) {
                let count = group.cities.count
                let alt = words.say("\(grouping.words).mapAlt", count: count, values: names + [("count", language.grouped(count))])
                var row = TemplateRows()
                appendMap(map.route, map.window, alt: alt, from: links, to: &row)
                if format == .html { row.append(.exploreHref, text: links.href(to: .page(.explore)) + WebMercator.view(framing: map.window)) }
                row.endRow()
                context.append(map.key, object: row)
            }
            appendLargest(site.largest.of(group, in: plan), from: links, to: &context)
            appendListed(of: group, in: plan, from: links, to: &context)
        }
        appendList(onPage, page: page, of: pages, from: links, to: &context) { plan.route(group, page: $0, format) }
        var crumbs = [homeCrumb(format)]
        if let (plan, group) = parent, plan.written { crumbs.append(Crumb(name: group.name, route: plan.route(group, page: 1, format))) }
        appendTrail(crumbs + paged(Crumb(name: group.name, route: plan.route(group, page: 1, format)), page: page), from: links, route, to: &context)
        return render(.list, context, route, head)
    }

    /// Appends the groups of the grouping that `plan`'s lists (`Grouping.listed`) that `group`'s cities are in, each a
    /// link with how many of them it has.
    private func appendListed(of group: GroupingPlan.Group, in plan: GroupingPlan, from links: SiteLayout.Links, to context: inout TemplateContext) {
        guard let listed = plan.grouping.listed, let other = site.grouping(named: listed.grouping), other.written else { return }
        let held = other.groups(holding: group.cities)
        guard !held.isEmpty else { return }
        let format = links.page.format!
        var rows = TemplateRows()
        for (group, count) in held {
            rows.append(.name, text: group.name)
            rows.append(.href, text: links.href(to: other.route(group, page: 1, format)))
            rows.append(.count, text: language.grouped(count))
            rows.append(.cities, text: words.say("count.city", count: count))
            rows.endRow()
        }
        context.append(.listedHeading, text: words[listed.heading])
        context.append(.listedID, text: listed.id)
        context.append(.listed, rows: rows)
    }

    /// Appends a detail page's links to the first page of its city's group in each written grouping that has one
    /// (`Grouping.detailLink`).
    func appendGroupLinks(_ index: Int, from links: SiteLayout.Links, to context: inout TemplateContext) {
        for plan in site.groupings where plan.written {
            guard let key = plan.grouping.detailLink, let group = plan.group(ofCityAt: index) else { continue }
            context.appendText(key) { links.appendHref(to: plan.route(group, page: 1, links.page.format!), to: &$0) }
        }
    }

    /// The index page of the grouping in `folder`: each group's name, code and number of cities, in the plan's order.
    func groupIndex(_ folder: String, _ format: PageFormat) -> Page {
        let plan = site.grouping(folder: folder)!, index = plan.grouping.index!
        let route = Route.page(.groupIndex(folder: folder, format))
        let links = layout.links(from: route)
        var rows = TemplateRows()
        for group in plan.groups {
            rows.append(.name, text: group.name)
            rows.append(.count, text: language.grouped(group.cities.count))
            rows.append(.cities, text: words.say("count.city", count: group.cities.count))
            rows.append(.href, text: links.href(to: plan.route(group, page: 1, format)))
            if let code = group.code { rows.append(.code, text: code) }
            rows.endRow()
        }
        let head = PageHead(
            title: words["\(index.words).heading"],
            description: words.say("\(index.words).description", ["count": language.grouped(plan.groups.count), "title": title]))
        var context = common(route, head)
        context.append(.groups, rows: rows)
        context.append(.groupCount, text: language.grouped(rows.count))
        context.append(.listHref, text: links.href(to: .list(page: 1, format)))
        return render(index.template, context, route, head)
    }
}
