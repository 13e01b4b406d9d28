import ArgumentParser
import CityGenKit

/// The flags that decide what the site's files hold: shared by `build` and `serve --watch`.
struct SiteFlags: ParsableArguments {
    @Option(help: "A config file. (default: citygen.yml in the working directory, when present)")
    var config: String?

    @OptionGroup var sourceOptions: SourceOptions

    @Option(help: "The site's title. (default: the site's language's word for it: World Cities, Ciudades del mundo)")
    var title: String?

    @Option(help: "Cities per list page. (default: \(BuildOptions.Defaults.pageSize))")
    var pageSize: Int?

    @Option(help: "A folder whose template files replace the defaults of the same name.")
    var templates: String?

    @Option(name: .customLong("base-url"), help: "The site's public URL; enables sitemap.xml.")
    var baseURL: String?

    @Option(help: "The largest search index shard, in bytes. (default: \(BuildOptions.Defaults.shardSize))")
    var shardSize: Int?

    @Option(help: "Build for this static host (formats to fit it) and check the site against its limits: \(HostProfile.choices).")
    var host: String?

    @Option(help: "Write NAME.gz and/or NAME.br beside each HTML, CSS, JS, JSON and XML file where smaller: gzip, br, gzip,br or none. (default: none, or the host's)")
    var precompress: String?

    @Option(help: "What detail pages show of the OpenStreetMap viewer besides the locator map: \(MapMode.choices). (default: locator, a link to it that loads it in the page)")
    var map: String?

    @Option(help: ArgumentHelp(
        "The GeoNames places joined to the cities: none, or the geoname table's URL or path. (default: \(PlacesSource.default.table!))",
        discussion: "\(PlacesSource.admin1FileName) and \(PlacesSource.countriesFileName) are looked up beside the table, unless "
            + "\(SiteConfig.fileName) names them (places: {cities: …, admin1: …, countries: …}).",
        valueName: "none|url|path"))
    var places: String?

    @Option(help: ArgumentHelp(
        "The site's language (BCP 47): its words, names, numbers and order. citygen ships \(Words.shipped.joined(separator: ", ")); others need strings: in \(SiteConfig.fileName). (default: en)",
        valueName: "code"))
    var language: String?

    @Flag(help: "Make any invalid record fatal instead of skipping it.")
    var strict = false

    /// Whether any of them was given.
    var given: Bool {
        let values: [Any?] = [config, sourceOptions.source, title, pageSize, templates, baseURL, shardSize, host, precompress, map, places, language]
        return strict || values.contains { $0 != nil }
    }

    /// The flags as typed, for `BuildOptions(flags:)` to merge over the config file.
    var flags: BuildOptions.Flags {
        var flags = BuildOptions.Flags()
        flags.config = config
        flags.source = sourceOptions.source
        flags.loader = sourceOptions.loaderFlags
        flags.title = title
        flags.pageSize = pageSize
        flags.templates = templates
        flags.baseURL = baseURL
        flags.shardSize = shardSize
        flags.host = host
        flags.precompress = precompress
        flags.map = map
        flags.places = places
        flags.language = language
        flags.strict = strict
        return flags
    }
}
