/// Whole numbers as people read them, independent of the machine's locale (output is deterministic).
public enum Digits {
    /// `209579` as `209,579`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// A non-negative number rounded to one decimal: `1447.94` as `1447.9` (no locale, no `String(format:)`,
    /// which costs microseconds a call).
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
