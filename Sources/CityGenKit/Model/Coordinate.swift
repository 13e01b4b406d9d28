/// Formats coordinates with a fixed, documented precision: rounded to 6 decimal places (about 0.1 m),
/// trailing zeros dropped, so `34.283333000000001` prints as `34.283333` and `10.5` as `10.5`.
public enum Coordinate {
    public static func format(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "\(value)" }
        var micro = Int64(scaled)
        let negative = micro < 0
        if negative { micro = -micro }
        let whole = micro / 1_000_000
        var fraction = micro % 1_000_000
        var text = (negative ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }

    /// `lat, lon` as pages show them (README, "Coordinates"): 4 decimal places each (about 11 m), joined by a
    /// comma and a no-break space so that a pair never wraps: `-36.0000,\u{A0}-60.0000`.
    public static func display(latitude: Double, longitude: Double) -> String {
        "\(fixed4(published(latitude))),\u{A0}\(fixed4(published(longitude)))"
    }

    /// `value` as the search index and the pages' data publish it (`format`), read back: search.js rounds that
    /// value for display, so pages round the same one.
    static func published(_ value: Double) -> Double { Double(format(value)) ?? value }

    /// `value` to 4 decimal places exactly as JavaScript's `toFixed(4)` does (search.js shows the same text):
    /// the nearest of the exact binary value, a tie away from zero. Only odd multiples of 1/32 are exact ties
    /// at 4 places; glibc would round those to even. `-0.0000` is shown as `0.0000`.
    public static func fixed4(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        var text: String
        if (magnitude * 32).truncatingRemainder(dividingBy: 2) == 1 {
            let units = Int64((magnitude * 10_000).rounded(.up))
            let fraction = String(units % 10_000)
            text = "\(units / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
        } else {
            text = String(format: "%.4f", magnitude)
        }
        return value < 0 && text != "0.0000" ? "-" + text : text
    }
}
