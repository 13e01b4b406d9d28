/// The Markdown templates of the pages, by name: a page names its template with one of these, never with a string.
public enum PageTemplate: String, CaseIterable, Sendable {
    case home, list, pager, favorites, countries, city, cityview
    case notFound = "404"

    /// The file an override must have (`--templates`).
    public var fileName: String { rawValue + ".md.mustache" }
}
