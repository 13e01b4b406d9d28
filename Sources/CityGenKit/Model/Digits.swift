/// Whole numbers as people read them, independent of the machine's locale (output is deterministic).
public enum Digits {
    /// `1234567` as `1,234,567`; with `minimumGroupingDigits` as a language groups (2: `1234` but `12,345`).
    public static func grouped(_ number: Int, minimumGroupingDigits: Int = 1) -> String {
        ascii(capacity: 32) { $0.append(grouped: number, minimumGroupingDigits: minimumGroupingDigits) }
    }

    /// Calls `body` with the UTF-8 bytes of `grouped(number, minimumGroupingDigits:)`, written on the stack.
    static func withGrouped<Result>(_ number: Int, minimumGroupingDigits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var text = Writer(buffer: buffer)
            text.append(grouped: number, minimumGroupingDigits: minimumGroupingDigits)
            return body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// A non-negative number rounded to one decimal: `1447.94` as `1447.9` (no locale, no `String(format:)`).
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

    /// ASCII text written byte by byte into the string's own storage: one allocation at most (none up to 15 bytes),
    /// where `String(n)`, `+` and interpolation allocate for each piece.
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

        /// `number` with a comma between groups of three digits, when it has `3 + minimumGroupingDigits` or more.
        mutating func append(grouped number: Int, minimumGroupingDigits: Int) {
            if number < 0 { append(UInt8(ascii: "-")) }
            var length = 1, rest = number.magnitude / 10
            while rest > 0 {
                length += 1
                rest /= 10
            }
            let commas = length >= 3 + minimumGroupingDigits ? (length - 1) / 3 : 0
            // From the last digit back, a comma before every third.
            var value = number.magnitude, i = count + length + commas - 1
            for written in 0..<length {
                if commas > 0, written > 0, written % 3 == 0 {
                    buffer[i] = UInt8(ascii: ",")
                    i -= 1
                }
                buffer[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                i -= 1
            }
            count += length + commas
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
