/// The pages besides home, lists and cities: favorites and 404.
extension SiteRenderer {
    func favoritesPage(_ format: PageFormat) -> [UInt8] {
        let route = Route.favorites(format)
        let links = layout.links(from: route)
        var rows = TemplateRows()
        for index in favorites.sorted() {
            appendRow(index, from: links, to: &rows)
            rows.appendText(.listHref) { appendListRowHref(index, from: links, to: &$0) }
            rows.append(.listPage, text: Digits.grouped(plan.page(ofCityAt: index)))
            rows.endRow()
        }
        var context = common(route, pageTitle: "Favorites · \(title)", description: "The favorite cities of \(title), each with its map.")
        context.append(.favorites, rows: rows)
        if rows.count > 0 { context.append(.favoriteCount, text: Digits.grouped(rows.count)) }
        return render(.favorites, context, route)
    }

    /// `404.html`: served by static hosts for any missing path, so its links are absolute (`SiteLayout`).
    func notFoundPage() -> [UInt8] {
        var context = common(.notFound, pageTitle: "Page not found · \(title)", description: "There is no page at this address.")
        if layout.baseURL == nil {
            // Served at any depth, and without a base URL it cannot know the site's folder: its style is inline,
            // and a script finds the folder (docs/design.md, "The pages").
            context.append(.inlineStyle, bytes: templates.assets["style.css"] ?? [])
            context.append(.findRoot, text: layout.path(.indexManifest(.json)))
        }
        return render(.notFound, context, .notFound)
    }
}
