/// Every name a page's Mustache context can hold (Templates/README.md), resolved once when a template is compiled;
/// a name that is not here is in no context, so it renders as missing, as Mustache would.
enum TemplateKey: Int, CaseIterable, Sendable {
    // Every page (`SiteRenderer.common`) and the layout.
    case siteTitle, lang, rightToLeft, listStyle, pageTitle, description, root, ext, html, homeHref, stylesheetHref, iconHref, searchScriptHref, cityURL, canonical
    case body, jsonLD, inlineStyle, findRoot
    // A site in several languages: the page in each (`translations`: `hreflang`, `href`, `name`, `current`;
    // `alternates`: `hreflang`, `href`), the first language's as `xDefault`.
    case translations, alternates, hreflang, xDefault
    // Rows, links and pagers.
    case id, name, label, href, coordinates, favorite, cityData, separator, current, pagerLabel
    // Detail pages.
    case displayLabel, sourceName, country, countryName, latitude, longitude, dms, osmURL, embedURL, mapTitle
    case listPage, listHref, countryHref, previous, next, namesakeCount, namesakesText, namesakes, namesakesMore, namesakesHref
    case hasNearby, nearby, distance, direction, number
    // Maps: the locator of a detail page, a country's map, a region's, the world map.
    case map, mapHref, mapAlt, mapWidth, mapHeight, markerLeft, markerTop, showMapLink, viewerInPlace, embedMap, countryMap, worldMap
    case regionMap
    // The compact site's city viewer.
    case dataFiles, dataFolder
    // The map to explore: its data for the script, the largest places as links, its scripts; the home page's link.
    case mapData, mapPlaces, mapScripts, leafletStyleHref, mapStyleHref, leafletScriptHref, mapScriptHref, exploreHref
    // Home, lists, groupings' pages and indexes, favorites.
    case cityCount, pageCount, initials, noInitial, firstPage, favoriteCount, favoritesText, favoritesHref, countriesHref, countryCount
    case zonesHref, zoneCount, groups, groupCount, listed, listedHeading, listedID
    case favoritesJSON, indexHref, firstCity, heading, cities, pager, pagerTop, pagerBottom, count, code, favorites, facts
    // Places (GeoNames): a detail page's facts, regions, the largest places, the credit.
    case regionName, regionHref, population, elevation, timeZone, timeZoneName, timeZoneHref, placeRole
    // The trail of a city, group or list page (each `name`, `href`, `first`, `current`, `crumbID`).
    case trail, crumbID, first
    case hasLargest, largestCities, placesCredit

    /// Its place among `allCases` (the raw values count from 0), for tables indexed by key.
    var ordinal: Int { rawValue }

    /// The name templates call it by: the case's own (made once: swift-mustache's contexts ask it for every key of
    /// every page they render).
    var name: String { Self.names[rawValue] }

    private static let names = allCases.map { String(describing: $0) }

    /// The key that templates call `name`, if there is one.
    init?(name: String) {
        guard let key = Self.byName[name] else { return nil }
        self = key
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
