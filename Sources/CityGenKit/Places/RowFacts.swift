/// What a joined city keeps of its row, copied out of the row's bytes: for the rows that join (or may join)
/// a city only.
struct RowFacts {
    let geonameID: Int
    let country: String
    /// Nil when the row's admin1 code is empty.
    let admin1Code: String?
    /// Only when above 0.
    let population: Int?
    /// The `elevation` column, else `dem` unless it is GeoNames' -9999 for none.
    let elevation: Int?
    let timeZone: String?
    let featureCode: String?
    /// The row's Latin-script alternate names, in the file's order, for a place of at least
    /// `Places.otherNamesMinimumPopulation`; empty for any other.
    let otherNames: [String]

    init(_ row: GeoNameRow) {
        geonameID = row.id
        country = row.countryCode
        admin1Code = row.isEmpty(.admin1Code) ? nil : row.admin1Code
        population = row.population.flatMap { $0 > 0 ? $0 : nil }
        elevation = row.elevation ?? row.dem.flatMap { $0 == -9999 ? nil : $0 }
        timeZone = row.isEmpty(.timeZone) ? nil : row.timeZone
        featureCode = row.isEmpty(.featureCode) ? nil : row.featureCode
        otherNames = (population ?? 0) >= Places.otherNamesMinimumPopulation
            ? row.alternateNames.split(separator: ",").filter(LatinScript.isLatin).map(String.init) : []
    }
}
