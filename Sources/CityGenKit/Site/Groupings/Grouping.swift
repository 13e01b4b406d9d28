/// A way of grouping the cities into pages (SPEC §5; `groupings:` in SPEC §6): what groups them, where its pages go
/// and what they say; a value, not a type (docs/design.md, "Groupings").
struct Grouping: Sendable {
    /// Its name in `groupings:` (`timeZone`).
    let name: String
    /// Its pages' folder below a language's root (`zone`).
    let folder: String
    /// The prefix of its words (`zone.heading`, `zone.mapAlt`), which is also the argument naming a group in them.
    let words: String
    /// The grouping whose group holds each of this one's (a region's country), above it in the trail and its words.
    var parent: String? = nil
    /// The groups of another grouping that a group's first page lists, with how many of its cities are in each (a
    /// country's regions, a zone's countries).
    var listed: Listed? = nil
    /// Its index page, `<folder>/index`: every group, with how many cities it has.
    var index: Index? = nil
    /// The key of a detail page's link to the first page of the city's group.
    var detailLink: TemplateKey? = nil
    /// The groups of the site's cities, in any order.
    let groups: @Sendable (GroupingInput) -> [Group]
    /// The map on a group's first page, if it has one.
    var map: (@Sendable (Site, GroupingPlan.Group) -> GroupMap?)? = nil

    /// One group, as the grouping finds it.
    struct Group: Sendable {
        /// What tells it from the others of its grouping, which orders groups of the same name (the country code, the IANA id).
        let id: String
        /// Its pages' folders below the grouping's; nil when the id makes no safe folder name: it is skipped with a warning.
        let folders: [String]?
        /// What trails and lists call it.
        let name: String
        /// What its heading calls it (`Argentina (AR)`).
        let title: String
        /// What its index row adds to its name (the country code).
        var code: String? = nil
        /// What orders groups before their names (a region's country code).
        var scope: String = ""
        /// Catalog indices of its cities, in catalog order.
        let cities: [Int32]
    }

    /// What a group's first page lists of another grouping.
    struct Listed: Sendable {
        /// That grouping's name.
        let grouping: String
        /// The word key of the list's heading, and the list's DOM id.
        let heading: String, id: String
    }

    /// An index page: its template, the prefix of its words (`countries.heading`, `countries.description`), and the
    /// keys of the home page's link to it and of its count of groups.
    struct Index: Sendable {
        let template: PageTemplate
        let words: String
        let homeHref: TemplateKey, homeCount: TemplateKey
    }

    /// A map on a group's first page: its image, window and the context key it goes under (its DOM id).
    struct GroupMap {
        let key: TemplateKey
        let route: Route
        let window: MapWindow
    }

    /// Every grouping citygen has, in the order a site writes their pages.
    static let all: [Grouping] = [.country, .region, .timeZone]

    /// The grouping named `name` in `groupings:`.
    static func named(_ name: String) -> Grouping? { all.first { $0.name == name } }

    /// Catalog indices by the key `key` gives each city (nil: none), each list in catalog order.
    static func citiesByKey(count: Int, _ key: (Int) -> String?) -> [String: [Int32]] {
        var groups: [String: [Int32]] = [:]
        for index in 0..<count { if let id = key(index) { groups[id, default: []].append(Int32(index)) } }
        return groups
    }
}

/// What groupings group: the cities and what the build knows of them, in the site's language.
struct GroupingInput: Sendable {
    let catalog: CityCatalog
    let places: Places?
    let language: SiteLanguage
    /// Country names by code, where known.
    let countryNames: [String: String]
}
