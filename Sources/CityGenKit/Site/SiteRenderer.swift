import Foundation

/// The two formats every page is written in.
public enum PageFormat: String, CaseIterable, Sendable {
    case html, markdown

    var fileExtension: String { self == .html ? "html" : "md" }
}

/// Renders the pages of a `SitePlan`: Markdown from the templates, and HTML as that Markdown rendered by
/// cmark inside the layout. Pure: it returns text and never touches the file system.
struct SiteRenderer: Sendable {
    let catalog: CityCatalog
    let plan: SitePlan
    let templates: TemplateSet
    let title: String
    /// Catalog indices of the favorites.
    let favorites: Set<Int>
    /// Country names by code, where known.
    let countryNames: [String: String]
    let baseURL: URL?

    init(catalog: CityCatalog, plan: SitePlan, templates: TemplateSet, title: String, favorites: Set<Int> = [], baseURL: URL? = nil) {
        self.catalog = catalog
        self.plan = plan
        self.templates = templates
        self.title = title
        self.favorites = favorites
        self.baseURL = baseURL
        self.countryNames = CountryNames.names(for: Set(catalog.cities.map(\.country)))
    }

    /// A rendered page: the path below the output folder and its bytes.
    struct Page {
        let path: String
        let text: String
    }

    func home(_ format: PageFormat) -> Page {
        let initials: [[String: Any]] = plan.initials.map { initial in
            var entry: [String: Any] = ["label": initial.label]
            if let page = initial.page { entry["href"] = "list/\(page).\(format.fileExtension)" }
            return entry
        }
        let context = common(format, root: "", pageTitle: title).merging([
            "cityCount": Digits.grouped(plan.cityCount),
            "pageCount": Digits.grouped(plan.pageCount),
            "initials": initials,
            "firstPage": "list/1.\(format.fileExtension)",
            "favoriteCount": favorites.count,
            "favoritesHref": "favorites.\(format.fileExtension)",
            "favoritesJSON": format == .html ? favoritesJSON() : "",
        ]) { $1 }
        return render("home", context, format, path: SitePaths.home(format))
    }

    func list(page: Int, _ format: PageFormat) -> Page {
        let ext = format.fileExtension
        let rows = plan.cities(onPage: page).map { row($0, root: "../", ext: ext) }
        let heading = "Cities, page \(Digits.grouped(page)) of \(Digits.grouped(plan.pageCount))"
        let context = common(format, root: "../", pageTitle: "\(heading) · \(title)").merging([
            "heading": heading,
            "cities": rows,
            "pager": pager(current: page, ext: ext),
        ]) { $1 }
        return render("list", context, format, path: SitePaths.list(page, format))
    }

    /// What a list row (on list pages and the favorites page) shows of the city at `index`.
    func row(_ index: Int, root: String, ext: String) -> [String: Any] {
        let city = catalog.cities[index]
        return [
            "id": city.id,
            "label": city.label,
            "coordinates": Coordinate.pair(latitude: city.latitude, longitude: city.longitude),
            "href": "\(root)city/\(city.id).\(ext)",
            "favorite": favorites.contains(index),
        ]
    }

    /// Links of a list page's navigation: first, previous, nearby numbers, next, last.
    func pager(current: Int, ext: String) -> [[String: Any]] {
        let last = plan.pageCount
        var items: [(label: String, page: Int?)] = []
        if current > 1 { items += [("« First", 1), ("‹ Previous", current - 1)] }
        let nearby = max(1, current - 2)...min(last, current + 2)
        if nearby.lowerBound > 1 { items.append(("…", nil)) }
        items += nearby.map { (String($0), $0 == current ? nil : $0) }
        if nearby.upperBound < last { items.append(("…", nil)) }
        if current < last { items += [("Next ›", current + 1), ("Last »", last)] }
        return items.enumerated().map { offset, item in
            var entry: [String: Any] = ["label": item.label, "separator": offset < items.count - 1 ? " · " : ""]
            if let page = item.page { entry["href"] = "\(page).\(ext)" }
            if item.label == String(current) { entry["current"] = true }
            return entry
        }
    }

    func common(_ format: PageFormat, root: String, pageTitle: String) -> [String: Any] {
        [
            "siteTitle": title, "pageTitle": pageTitle, "root": root, "ext": format.fileExtension,
            "html": format == .html,
        ]
    }

    func render(_ template: String, _ context: [String: Any], _ format: PageFormat, path: String) -> Page {
        wrap(templates.markdown(template, context), context, format, path: path)
    }

    /// The page for `markdown`: as is in Markdown; rendered by cmark inside the layout in HTML.
    func wrap(_ markdown: String, _ layout: [String: Any], _ format: PageFormat, path: String) -> Page {
        switch format {
        case .markdown: return Page(path: path, text: markdown)
        case .html: return Page(path: path, text: templates.page(body: CommonMark.html(from: markdown), layout))
        }
    }

}
