import Foundation

/// Reads a city list in one pass over its bytes: it checks the JSON syntax and takes each record's
/// fields as it goes, with no tree of values and no `Decodable` machinery in between.
///
/// It decides only what it is sure of. For anything else (a syntax error, which `JSONSyntax` then locates; a
/// key with an escape or a known key twice; an `_id` with a fraction, an exponent or 19 digits; a number out
/// of range; invalid UTF-8; a lone surrogate) it returns nil and `CityDecoder` takes the checked path
/// (`JSONSyntax`, then `JSONDecoder`), so that every input reads the same either way
/// (`DecoderEquivalenceTests`).
struct CityListScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    /// Thrown to leave the input to the checked path.
    private struct Undecided: Error {}

    /// The records of the JSON array in `data`, or nil when the checked path must decide.
    static func records(in data: Data) -> [SourceRecord]? {
        data.withUnsafeBytes { raw in
            var scanner = CityListScanner(bytes: raw.bindMemory(to: UInt8.self))
            return try? scanner.list()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func list() throws(Undecided) -> [SourceRecord] {
        var records: [SourceRecord] = []
        records.reserveCapacity(bytes.count / 100)
        skipSpace()
        try expect(UInt8(ascii: "["))
        skipSpace()
        if try peek() == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                records.append(try record())
                skipSpace()
                let byte = try take()
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { throw Undecided() }
                skipSpace()
            }
        }
        skipSpace()
        guard i == bytes.count else { throw Undecided() }
        return records
    }

    // MARK: Records

    private mutating func record() throws(Undecided) -> SourceRecord {
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return SourceRecord(content: .failure(SourceRecord.Problem(reason: "not a JSON object")))
        }
        var id = SourceRecord.Field<Int>.missing, name = SourceRecord.Field<String>.missing
        var country = SourceRecord.Field<String>.missing, coord = SourceRecord.Coord.missing
        try members { scanner, key throws(Undecided) in
            switch key {
            case ._id: id = try scanner.field { try $0.integer() }
            case .name: name = try scanner.field { try $0.string() }
            case .country: country = try scanner.field { try $0.string() }
            case .coord: coord = try scanner.coordField()
            default: try scanner.skipValue()
            }
        }
        return SourceRecord(content: Result { () throws(SourceRecord.Problem) in
            try SourceRecord.city(id: id, name: name, country: country, coord: coord)
        })
    }

    private mutating func coordField() throws(Undecided) -> SourceRecord.Coord {
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return .notAnObject
        }
        var lat = SourceRecord.Field<Double>.missing, lon = SourceRecord.Field<Double>.missing
        try members { scanner, key throws(Undecided) in
            switch key {
            case .lat: lat = try scanner.field { try $0.double() }
            case .lon: lon = try scanner.field { try $0.double() }
            default: try scanner.skipValue()
            }
        }
        return .object(lat: lat, lon: lon)
    }

    /// Calls `member` with each key of the object at `i`, which leaves `i` after the member's value.
    private mutating func members(_ member: (inout CityListScanner, StaticKey) throws(Undecided) -> Void) throws(Undecided) {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            i += 1
            return
        }
        var seen: UInt8 = 0  // a bit for each known name met (a set per object cost a fifth of the decode)
        while true {
            skipSpace()
            let key = try key()
            // What JSONDecoder makes of a known name twice is its to say.
            if key != .other {
                let bit: UInt8 = 1 << key.rawValue
                guard seen & bit == 0 else { throw Undecided() }
                seen |= bit
            }
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(&self, key)
            skipSpace()
            let byte = try take()
            if byte == UInt8(ascii: "}") { return }
            guard byte == UInt8(ascii: ",") else { throw Undecided() }
        }
    }

    /// A member name: one of the names records use, or `other`; a name with an escape is left undecided.
    private enum StaticKey: UInt8 {
        case _id, name, country, coord, lat, lon, other
    }

    private mutating func key() throws(Undecided) -> StaticKey {
        try expect(UInt8(ascii: "\""))
        let start = i
        while true {
            let byte = try take()
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Undecided() }
        }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<i - 1])
        switch key.count {
        case 3: if key.elementsEqual("_id".utf8) { return ._id } else if key.elementsEqual("lat".utf8) { return .lat } else if key.elementsEqual("lon".utf8) { return .lon }
        case 4: if key.elementsEqual("name".utf8) { return .name }
        case 5: if key.elementsEqual("coord".utf8) { return .coord }
        case 7: if key.elementsEqual("country".utf8) { return .country }
        default: break
        }
        return .other
    }

    // MARK: Fields

    /// A field's value as `read` takes it from the value at `i`, `null`, or (after skipping it) a value of
    /// another type. `read` returns nil, reading nothing, when the value is not of its type.
    private mutating func field<Value>(_ read: (inout CityListScanner) throws -> Value?) throws(Undecided) -> SourceRecord.Field<Value> {
        let value: Value?
        do {
            value = try read(&self)
        } catch {
            throw Undecided()  // the only error the scanner throws
        }
        if let value { return .value(value) }
        if try peek() == UInt8(ascii: "n") {
            try literal("null")
            return .null
        }
        try skipValue()
        return .wrongType
    }

    /// An integer `_id`. What JSONDecoder makes of `1.0`, `1e3`, `-0` or 19 digits is its to say.
    private mutating func integer() throws(Undecided) -> Int? {
        guard try isNumberStart(peek()) else { return nil }
        let (start, end, plain) = try number()
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = end - start - (negative ? 1 : 0)
        guard plain, digits <= 18, !(negative && bytes[start + 1] == UInt8(ascii: "0")) else { throw Undecided() }
        var value = 0
        for k in (negative ? start + 1 : start)..<end { value = value * 10 + Int(bytes[k] - UInt8(ascii: "0")) }
        return negative ? -value : value
    }

    private mutating func double() throws(Undecided) -> Double? {
        guard try isNumberStart(peek()) else { return nil }
        let (start, _, _) = try number()
        // strtod reads exactly the number checked above: it stops at the delimiter `number` requires.
        let value = strtod(UnsafeRawPointer(bytes.baseAddress! + start).assumingMemoryBound(to: CChar.self), nil)
        guard value.isFinite else { throw Undecided() }
        return value
    }

    private func isNumberStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || isDigit(byte) }

    // MARK: JSON

    /// The string at `i`, unescaped (nil when there is none); invalid UTF-8 and lone surrogates are left undecided.
    private mutating func string() throws(Undecided) -> String? {
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

    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(Undecided) -> [UInt8] {
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
    private mutating func number() throws(Undecided) -> (start: Int, end: Int, plain: Bool) {
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
    private mutating func skipValue(depth: Int = 0) throws(Undecided) {
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

    private mutating func literal(_ word: StaticString) throws(Undecided) {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count, UnsafeBufferPointer(rebasing: bytes[i..<i + count]).elementsEqual(
            UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw Undecided() }
        i += count
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private func peek() throws(Undecided) -> UInt8 {
        guard i < bytes.count else { throw Undecided() }
        return bytes[i]
    }

    private mutating func take() throws(Undecided) -> UInt8 {
        guard i < bytes.count else { throw Undecided() }
        defer { i += 1 }
        return bytes[i]
    }

    private mutating func expect(_ byte: UInt8) throws(Undecided) {
        guard try take() == byte else { throw Undecided() }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
