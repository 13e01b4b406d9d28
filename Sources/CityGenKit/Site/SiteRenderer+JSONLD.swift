/// A detail page's JSON-LD: schema.org's `Place`, in the page's language.
extension SiteRenderer {
    /// Appends schema.org `Place` with `GeoCoordinates`, as JSON that is safe inside `<script>`, to `out`; `url`
    /// is the page's own.
    /// `language` is the page's (`inLanguage`), and `sourceName` the source's name when the page shows another.
    static func appendJSONLD(_ facts: CityFacts, url: String?, language: String, sourceName: String?, to out: inout [UInt8]) {
        let city = facts.city
        out += #"{"@context":"https://schema.org","@type":"Place","inLanguage":"#.utf8
        JSONText.appendQuoted(language, to: &out)
        out += #","name":"#.utf8
        JSONText.appendQuoted(city.name, to: &out)
        if let sourceName {
            out += #","alternateName":"#.utf8
            JSONText.appendQuoted(sourceName, to: &out)
        }
        out += #","identifier":""#.utf8
        Digits.append(city.id, to: &out)
        out += #"","geo":{"@type":"GeoCoordinates","latitude":"#.utf8
        out += facts.texts.latitude.utf8
        out += #","longitude":"#.utf8
        out += facts.texts.longitude.utf8
        out.append(UInt8(ascii: "}"))
        if !city.country.isEmpty {
            // The country once, as the place it is in (an `address` would say it again).
            out += #","containedInPlace":"#.utf8
            // With places, the region first, itself in the country.
            let region = facts.region
            if let region {
                out += #"{"@type":"AdministrativeArea","name":"#.utf8
                JSONText.appendQuoted(region, to: &out)
                out += #","containedInPlace":"#.utf8
            }
            out += #"{"@type":"Country","name":"#.utf8
            JSONText.appendQuoted(facts.countryName ?? city.country, to: &out)
            out += #","identifier":"#.utf8
            JSONText.appendQuoted(city.country, to: &out)
            out.append(UInt8(ascii: "}"))
            if region != nil { out.append(UInt8(ascii: "}")) }
        }
        if let url {
            out += #","url":"#.utf8
            JSONText.appendQuoted(url, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
