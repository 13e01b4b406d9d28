/// The 19 columns of GeoNames' geoname table, in file order (SPEC §1b).
public enum GeoNameColumn: Int, CaseIterable, Sendable {
    case geonameID, name, asciiName, alternateNames, latitude, longitude, featureClass, featureCode, countryCode
    case cc2, admin1Code, admin2Code, admin3Code, admin4Code, population, elevation, dem, timeZone, modificationDate
}
