/// Whole numbers as people read them, independent of the machine's locale (output is deterministic).
public enum Digits {
    /// `1234567` as `1,234,567`; with `separator` and `minimumGroupingDigits` as a language writes it (`7.556.900`,
    /// and with 2, `1234` but `12.345`).
    public static func grouped(_ number: Int, separator: [UInt8] = [UInt8(ascii: ",")], minimumGroupingDigits: Int = 1) -> String {
        let digits = Array(String(number.magnitude).utf8)
        let groups = digits.count >= 3 + minimumGroupingDigits
        var text: [UInt8] = []
        text.reserveCapacity(digits.count + digits.count / 3 * separator.count + 1)
        if number < 0 { text.append(UInt8(ascii: "-")) }
        for (offset, digit) in digits.enumerated() {
            if groups, offset > 0, (digits.count - offset) % 3 == 0 { text += separator }
            text.append(digit)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A non-negative number rounded to one decimal: `1447.94` as `1447.9` (no locale, no `String(format:)`,
    /// which costs microseconds a call).
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return ascii(capacity: 24) { text in
            text.append(digitsOf: tenths / 10)
            text.append(UInt8(ascii: "."))
            text.append(digitsOf: tenths % 10)
        }
    }

    /// Appends `number` in decimal, as `String(number)` writes it, to `out`.
    static func append(_ number: Int, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, on the stack
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = number.magnitude, i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// ASCII text written byte by byte into the string's own storage: one allocation at most (none up to 15
    /// bytes), where `String(n)`, `+` and interpolation allocate for each piece. Coordinates are printed several
    /// times for each city of the site.
    static func ascii(capacity: Int, _ write: (inout Writer) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = Writer(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func append(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        mutating func append(_ bytes: [UInt8]) {
            for byte in bytes { append(byte) }
        }

        /// The decimal digits of `number` (not negative), zero-padded to `width`.
        mutating func append(digitsOf number: Int, width: Int = 1) {
            var length = 1, rest = number / 10
            while rest > 0 {
                length += 1
                rest /= 10
            }
            for _ in length..<max(length, width) { append(UInt8(ascii: "0")) }
            var value = number
            for i in stride(from: count + length - 1, through: count, by: -1) {
                buffer[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            count += length
        }
    }
}
