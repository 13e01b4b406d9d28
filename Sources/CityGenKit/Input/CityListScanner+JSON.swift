/// The JSON grammar the scanner reads: strings, numbers, skipped values, literals and single bytes.
extension CityListScanner {
    /// The string at `i`, unescaped (nil when there is none); invalid UTF-8 and lone surrogates are left undecided.
    mutating func string() throws(Undecided) -> String? {
        guard try peek() == UInt8(ascii: "\"") else { return nil }
        i += 1
        let start = i
        var escaped = false
        while true {
            let byte = try take()
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw Undecided() }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                _ = try take()
            }
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<i - 1])
        guard let text = escaped ? String(validating: try Self.unescape(raw), as: UTF8.self) : String(validating: raw, as: UTF8.self)
        else { throw Undecided() }
        return text
    }

    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(Undecided) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        func hex4(_ at: Int) throws(Undecided) -> UInt32 {
            guard at + 4 <= raw.count else { throw Undecided() }
            var value: UInt32 = 0
            for byte in raw[at..<at + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Undecided()
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while k < raw.count {
            let byte = raw[k]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                k += 1
                continue
            }
            guard k + 1 < raw.count else { throw Undecided() }
            switch raw[k + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(raw[k + 1])
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(k + 2)
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard k + 8 <= raw.count, raw[k + 6] == UInt8(ascii: "\\"), raw[k + 7] == UInt8(ascii: "u") else { throw Undecided() }
                    let low = try hex4(k + 8)
                    guard (0xDC00..<0xE000).contains(low) else { throw Undecided() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw Undecided()
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw Undecided() }
                out.append(contentsOf: UTF8.encode(unicode)!)
                k += 4
            default:
                throw Undecided()
            }
            k += 2
        }
        return out
    }

    /// The number at `i` (JSON's grammar), its end, and whether it is a plain integer. A delimiter must follow,
    /// so that nothing reading on from its start can run past it.
    mutating func number() throws(Undecided) -> (start: Int, end: Int, plain: Bool) {
        let start = i
        var plain = true
        if try peek() == UInt8(ascii: "-") { i += 1 }
        guard isDigit(try peek()) else { throw Undecided() }
        if try take() == UInt8(ascii: "0") {
            if isDigit(try peek()) { throw Undecided() }
        } else {
            while isDigit(try peek()) { i += 1 }
        }
        if try peek() == UInt8(ascii: ".") {
            plain = false
            i += 1
            guard isDigit(try peek()) else { throw Undecided() }
            while isDigit(try peek()) { i += 1 }
        }
        if try peek() | 0x20 == UInt8(ascii: "e") {
            plain = false
            i += 1
            let sign = try peek()
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { i += 1 }
            guard isDigit(try peek()) else { throw Undecided() }
            while isDigit(try peek()) { i += 1 }
        }
        switch try peek() {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return (start, i, plain)
        default: throw Undecided()
        }
    }

    /// Skips any JSON value, checking its syntax; containers nest at most `JSONSyntax.maximumDepth` deep.
    mutating func skipValue(depth: Int = 0) throws(Undecided) {
        guard depth < JSONSyntax.maximumDepth else { throw Undecided() }
        switch try peek() {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if try peek() == UInt8(ascii: "]") {
                i += 1
                return
            }
            while true {
                skipSpace()
                try skipValue(depth: depth + 1)
                skipSpace()
                let byte = try take()
                if byte == UInt8(ascii: "]") { return }
                guard byte == UInt8(ascii: ",") else { throw Undecided() }
            }
        case UInt8(ascii: "{"):
            try members { scanner, _ throws(Undecided) in try scanner.skipValue(depth: depth + 1) }
        default:
            throw Undecided()
        }
    }

    mutating func literal(_ word: StaticString) throws(Undecided) {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count, UnsafeBufferPointer(rebasing: bytes[i..<i + count]).elementsEqual(
            UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw Undecided() }
        i += count
    }

    mutating func skipSpace() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    func peek() throws(Undecided) -> UInt8 {
        guard i < bytes.count else { throw Undecided() }
        return bytes[i]
    }

    mutating func take() throws(Undecided) -> UInt8 {
        guard i < bytes.count else { throw Undecided() }
        defer { i += 1 }
        return bytes[i]
    }

    mutating func expect(_ byte: UInt8) throws(Undecided) {
        guard try take() == byte else { throw Undecided() }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
