/// A Markdown template of the pages, by name: a page kind names its templates with these, never with a string
/// where it renders.
public struct PageTemplate: Hashable, Sendable {
    /// The file's name without `.md.mustache`, and the name partials use (`{{>pager}}`).
    public let name: String

    public init(_ name: String) { self.name = name }

    public static let home = PageTemplate("home"), list = PageTemplate("list"), pager = PageTemplate("pager")
    public static let favorites = PageTemplate("favorites"), countries = PageTemplate("countries"), city = PageTemplate("city")
    public static let cityview = PageTemplate("cityview"), notFound = PageTemplate("404"), explore = PageTemplate("map")
    /// Partials: the largest places, the groups a group's page lists (a country's regions), a page's trail.
    public static let largest = PageTemplate("largest"), listed = PageTemplate("listed"), trail = PageTemplate("trail")

    /// The file an override must have (`--templates`).
    public var fileName: String { name + ".md.mustache" }

    /// Every template the page kinds render, each once.
    static var all: [PageTemplate] {
        var seen = Set<PageTemplate>()
        return PageKinds.all.flatMap(\.templates).filter { seen.insert($0).inserted }
    }
}
