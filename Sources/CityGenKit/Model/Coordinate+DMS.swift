extension Coordinate {
    /// Degrees, minutes and seconds to a tenth of a second, e.g. `44°32′59.9″N, 34°17′0.0″E`.
    public static func dms(latitude: Double, longitude: Double) -> String {
        "\(dms(latitude, positive: "N", negative: "S")), \(dms(longitude, positive: "E", negative: "W"))"
    }

    static func dms(_ value: Double, positive: String, negative: String) -> String {
        let (text, sign) = dmsNumber(value)
        return text + (sign == 0 ? "" : sign < 0 ? negative : positive)
    }

    /// `value`'s degrees, minutes and seconds without its hemisphere (`44°32′59.9″`), and its sign (0 at 0″.0).
    static func dmsNumber(_ value: Double) -> (text: String, sign: Int) {
        let tenths = Int((abs(value) * 36_000).rounded())  // tenths of a second, rounded once
        let degrees = tenths / 36_000, minutes = (tenths % 36_000) / 600, seconds = tenths % 600
        return ("\(degrees)°\(minutes)′\(seconds / 10).\(seconds % 10)″", tenths == 0 ? 0 : value < 0 ? -1 : 1)
    }

    /// The OpenStreetMap embed's bounding box around a point: ±0.05° latitude, ±0.08° longitude, clamped to
    /// valid ranges, as `minlon,minlat,maxlon,maxlat`.
    public static func boundingBox(latitude: Double, longitude: Double) -> String {
        let box = [
            max(-180, longitude - 0.08), max(-90, latitude - 0.05), min(180, longitude + 0.08), min(90, latitude + 0.05),
        ]
        // One string written in place: a detail page's embed link makes it for every city.
        return Digits.ascii(capacity: 4 * 25) { text in
            for (n, value) in box.enumerated() {
                if n > 0 { text.append(UInt8(ascii: ",")) }
                append(value, to: &text)
            }
        }
    }
}
