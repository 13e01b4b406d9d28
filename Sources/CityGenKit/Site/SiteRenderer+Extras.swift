import Foundation

/// The pages besides home, lists and cities: favorites, 404, and the machine-readable files.
extension SiteRenderer {
    func favoritesPage(_ format: PageFormat) -> Page {
        let ext = format.fileExtension
        let rows = favorites.sorted().map { index in
            var row = row(index, root: "", ext: ext)
            let page = plan.page(ofCityAt: index)
            row["listHref"] = "list/\(page).\(ext)" + (format == .html ? "#cityCell_\(catalog.cities[index].id)" : "")
            row["listPage"] = Digits.grouped(page)
            return row
        }
        var context = common(format, root: "", pageTitle: "Favorites · \(title)")
        context["favorites"] = rows
        context["favoriteCount"] = rows.isEmpty ? nil : Digits.grouped(rows.count)
        return render("favorites", context, format, path: SitePaths.favorites(format))
    }

    /// `404.html`: served by static hosts for any missing path, so its links are absolute (from `baseURL`, or
    /// the host's root without one).
    func notFoundPage() -> Page {
        let root = baseURL?.absoluteString ?? "/"
        return render("404", common(.html, root: root, pageTitle: "Page not found · \(title)"), .html, path: SitePaths.notFound)
    }

    /// `search/favorites.json`: the favorites in list order, as index entries, for the favorites-only filter.
    func favoritesJSON() -> String {
        let index = SearchIndexWriter(catalog: catalog)
        return "{\"version\":\(SearchIndexWriter.formatVersion),\"fields\":[\"id\",\"name\",\"country\",\"lat\",\"lon\",\"key\"],"
            + "\"favorites\":[" + favorites.sorted().map(index.entry).joined(separator: ",") + "]}\n"
    }
}
