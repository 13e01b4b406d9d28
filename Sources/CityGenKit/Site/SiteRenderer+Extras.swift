/// The pages besides home, lists and cities: favorites and 404.
extension SiteRenderer {
    func favoritesPage(_ format: PageFormat) -> String {
        let route = Route.favorites(format)
        let links = layout.links(from: route)
        let rows = favorites.sorted().map { index in
            var row = row(index, from: links)
            row["listHref"] = listRowHref(index, from: links)
            row["listPage"] = Digits.grouped(plan.page(ofCityAt: index))
            return row
        }
        var context = common(route, pageTitle: "Favorites · \(title)")
        context["favorites"] = rows
        context["favoriteCount"] = rows.isEmpty ? nil : Digits.grouped(rows.count)
        return render("favorites", context, route)
    }

    /// `404.html`: served by static hosts for any missing path, so its links are absolute (`SiteLayout`).
    func notFoundPage() -> String {
        render("404", common(.notFound, pageTitle: "Page not found · \(title)"), .notFound)
    }
}
