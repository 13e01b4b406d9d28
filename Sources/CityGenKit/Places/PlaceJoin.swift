/// Joins GeoNames' files to a catalog (SPEC §1b): one pass over the geoname table, then the joins by name.
public enum PlaceJoin {
    /// Reads the geoname table `table` (streamed), `admin1CodesASCII.txt` and `countryInfo.txt`, and joins the
    /// table's rows to `catalog`'s cities; bad lines are skipped into `Places.skipped`, or with `strict` throw.
    public static func join(
        catalog: CityCatalog, table: TableInput, admin1: TableInput, countryInfo: TableInput, strict: Bool = false
    ) throws -> Places {
        let regions = try Admin1Codes(admin1, strict: strict)
        let countries = try CountryInfo(countryInfo, strict: strict)
        return try join(catalog: catalog, table: table, regions: regions, countries: countries, strict: strict)
    }

    /// Joins `table` to `catalog`, with region and country names already read.
    public static func join(
        catalog: CityCatalog, table: TableInput, regions: Admin1Codes, countries: CountryInfo, strict: Bool = false
    ) throws -> Places {
        var collector = PlaceCollector(catalog: catalog)
        var skipped = try GeoNamesTable.read(table, strict: strict) { collector.take($0) }
        let (columns, byName) = collector.finish()
        skipped.append(contentsOf: regions.skipped)
        skipped.append(contentsOf: countries.skipped)
        return Places(
            columns: columns, joinedByID: collector.joinedByID, joinedByName: byName, skipped: skipped, admin1: regions,
            countries: countries)
    }
}
