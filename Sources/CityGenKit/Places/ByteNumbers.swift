/// Numbers parsed straight from a field's UTF-8 bytes, without making a string of them.
enum ByteNumbers {
    /// A decimal integer: an optional sign and digits only; nil when empty, not digits or beyond `Int`.
    static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var position = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { position = 1 }
        guard position < bytes.count else { return nil }
        var value = 0
        while position < bytes.count {
            let digit = Int(bytes[position]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflowAdding else { return nil }
            value = sum
            position += 1
        }
        return value
    }

    /// Exact powers of ten as doubles: a mantissa below 2⁵³ divided by one of these is correctly rounded.
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// A finite decimal number. The usual `-12.345` form is read here (most of a table's parsing); anything
    /// else (exponents, long mantissas) goes through `Double(_:)`. Nil when not a number, infinite or NaN.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { position = 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, point = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "."), !point {
                point = true
            } else if byte >= 48, byte <= 57, digits < 16 {
                mantissa = mantissa * 10 + UInt64(byte - 48)
                digits += 1
                if point { fraction += 1 }
            } else {
                return slowDouble(bytes)
            }
            position += 1
        }
        guard digits > 0, mantissa < 1 << 53, fraction < powersOfTen.count else { return slowDouble(bytes) }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
