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

    /// `lat, lon` as shown on list rows and search results.
    public static func pair(latitude: Double, longitude: Double) -> String {
        "\(format(latitude)), \(format(longitude))"
    }
}
