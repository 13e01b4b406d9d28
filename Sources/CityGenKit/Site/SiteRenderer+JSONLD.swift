/// A detail page's place in its JSON-LD (`appendJSONLD`): schema.org's `Place`, the page's `mainEntity`.
extension SiteRenderer {
    /// Appends schema.org `Place` with `GeoCoordinates` to `out`, as JSON that is safe inside `<script>`: the city
    /// `name` of `texts`; `sourceName` is the source's name when the page shows another.
    static func appendPlace(named name: String, _ texts: CityTexts, sourceName: String?, to out: inout [UInt8]) {
        out += #"{"@type":"Place","name":"#.utf8
        JSONText.appendQuoted(name, to: &out)
        if let sourceName {
            out += #","alternateName":"#.utf8
            JSONText.appendQuoted(sourceName, to: &out)
        }
        out += #","geo":{"@type":"GeoCoordinates","latitude":"#.utf8
        out += texts.latitude.utf8
        out += #","longitude":"#.utf8
        out += texts.longitude.utf8
        out += "}}".utf8
    }
}
