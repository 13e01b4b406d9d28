/// How a compact site spreads its cities over data files.
extension SiteLayout {
    /// The number of data files of a compact site: about 100 cities each, at most 2,000. A city's URL does not name
    /// its file, so this may change with the data.
    public static func compactDataFiles(cities: Int) -> Int { max(1, min(2_000, (cities + 99) / 100)) }
}
