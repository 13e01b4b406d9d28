/// Formats coordinates with a fixed, documented precision: rounded to 6 decimal places (about 0.1 m),
/// trailing zeros dropped, so `34.283333000000001` prints as `34.283333` and `10.5` as `10.5`.
public enum Coordinate {
    public static func format(_ value: Double) -> String {
        Digits.ascii(capacity: 24) { append(value, to: &$0) }
    }

    /// Appends `format(value)` to `out`, without a string between.
    static func append(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var writer = Digits.Writer(buffer: buffer)
            append(value, to: &writer)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// Appends `format(value)` (at most 24 bytes: Swift's own spelling where a value is too large for millionths).
    static func append(_ value: Double, to text: inout Digits.Writer) {
        let scaled = (value * 1_000_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return text.append(Array("\(value)".utf8)) }
        let micro = Int64(scaled)
        if micro < 0 { text.append(UInt8(ascii: "-")) }
        text.append(digitsOf: Int(micro.magnitude / 1_000_000))
        var fraction = Int(micro.magnitude % 1_000_000)
        guard fraction != 0 else { return }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        text.append(UInt8(ascii: "."))
        text.append(digitsOf: fraction, width: digits)
    }

    /// `lat, lon` as pages show them (docs/design.md, "The pages"): 4 decimal places each (about 11 m), joined by a
    /// comma and a no-break space so that a pair never wraps: `-36.0000,\u{A0}-60.0000`.
    public static func display(latitude: Double, longitude: Double) -> String {
        let latitude = published(latitude), longitude = published(longitude)
        guard let lat = fixed4Units(latitude), let lon = fixed4Units(longitude) else { return "\(fixed4(latitude)),\u{A0}\(fixed4(longitude))" }
        return Digits.ascii(capacity: 48) { appendPair(lat, lon, to: &$0) }
    }

    /// Calls `body` with the UTF-8 bytes of `display(latitude:longitude:)`, written on the stack.
    static func withDisplay<Result>(latitude: Double, longitude: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let lat = fixed4Units(published(latitude)), let lon = fixed4Units(published(longitude)) else {
            var text = display(latitude: latitude, longitude: longitude)
            return text.withUTF8(body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var text = Digits.Writer(buffer: buffer)
            appendPair(lat, lon, to: &text)
            return body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// `lat,\u{A0}lon`, each to 4 places: what `display` shows.
    private static func appendPair(_ lat: (negative: Bool, units: Int), _ lon: (negative: Bool, units: Int), to text: inout Digits.Writer) {
        append(lat, to: &text)
        text.append([UInt8(ascii: ","), 0xC2, 0xA0])  // U+00A0
        append(lon, to: &text)
    }

    /// `value` as the search index publishes it (`format`), read back: search.js rounds that value, so pages do too.
    static func published(_ value: Double) -> Double {
        // `format` prints the integer `micro` over 10⁶; dividing the two exact doubles rounds as parsing it would.
        let micro = (value * 1_000_000).rounded()
        return micro.isFinite && abs(micro) < 1e15 ? micro / 1_000_000 : value
    }

    /// `value` to 4 decimal places exactly as JavaScript's `toFixed(4)` does (search.js shows the same text):
    /// the nearest of the exact binary value, a tie away from zero. Only odd multiples of 1/32 are exact ties
    /// at 4 places. `-0.0000` is shown as `0.0000`.
    public static func fixed4(_ value: Double) -> String {
        guard let units = fixed4Units(value) else { return "\(value)" }
        return Digits.ascii(capacity: 24) { append(units, to: &$0) }
    }

    /// `value` in ten-thousandths, rounded as `fixed4` says, with its sign as shown; nil when not finite or huge.
    private static func fixed4Units(_ value: Double) -> (negative: Bool, units: Int)? {
        guard value.isFinite, abs(value) < 1e9 else { return nil }
        let magnitude = abs(value)
        let scaled = magnitude * 10_000
        var units = scaled.rounded(.down)
        // The exact rest above `units`: an fma keeps the sign of `magnitude * 10_000 - (units + 0.5)` exact.
        let aboveHalf = (-(units + 0.5)).addingProduct(magnitude, 10_000)
        if aboveHalf >= 0 { units += 1 }
        return (value < 0 && units > 0, Int(units))
    }

    private static func append(_ fixed: (negative: Bool, units: Int), to text: inout Digits.Writer) {
        if fixed.negative { text.append(UInt8(ascii: "-")) }
        text.append(digitsOf: fixed.units / 10_000)
        text.append(UInt8(ascii: "."))
        text.append(digitsOf: fixed.units % 10_000, width: 4)
    }
}
