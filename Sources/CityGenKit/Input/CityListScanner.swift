import Foundation

/// Reads a city list in one pass over its bytes, checking the JSON syntax and taking each record's fields as it
/// goes. It decides only what it is sure of; for anything else (a syntax error, a key with an escape or a known key
/// twice, an `_id` with a fraction, an exponent or 19 digits, a number out of range, invalid UTF-8, a lone
/// surrogate) it returns nil and `CityDecoder` takes the checked path (docs/design.md, "Decode").
struct CityListScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    /// Thrown to leave the input to the checked path.
    struct Undecided: Error {}

    /// The records of the JSON array in `data`, or nil when the checked path must decide. A list of `splitSize`
    /// bytes or more is read in two halves at once, cut where a record seems to start near its middle: the first
    /// half must end exactly there, between two records, or the list is read again whole (a `},{` in a name).
    static func records(in data: Data, splitSize: Int = 1 << 20) -> [SourceRecord]? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.count >= splitSize, let middle = recordStart(after: bytes.count / 2, in: bytes) {
                let shared = Parallel.Shared(bytes)  // read by both scanners, written by neither
                let (second, first) = Parallel.both({ () -> [SourceRecord]? in
                    var scanner = CityListScanner(bytes: shared.value)
                    scanner.i = middle
                    return try? scanner.rest()
                }) { () -> (records: [SourceRecord], reached: Bool)? in
                    var scanner = CityListScanner(bytes: bytes)
                    return try? scanner.list(upTo: middle)
                }
                // The first half undecided, or ended at the cut: the whole list reads as the halves do.
                guard let first else { return nil }
                if first.reached { return second.map { first.records + $0 } }
            }
            var scanner = CityListScanner(bytes: bytes)
            return try? scanner.list()
        }
    }

    /// Where the first `{` after `start` that follows `}`, a comma and spaces is, within 64 KiB.
    private static func recordStart(after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var k = start
        while k < min(bytes.count, start + 65_536) {
            if bytes[k] == UInt8(ascii: "{") {
                var j = k - 1
                while j > start, isSpace(bytes[j]) { j -= 1 }
                if j > start, bytes[j] == UInt8(ascii: ",") {
                    j -= 1
                    while j > start, isSpace(bytes[j]) { j -= 1 }
                    if j > start, bytes[j] == UInt8(ascii: "}") { return k }
                }
            }
            k += 1
        }
        return nil
    }

    /// JSON's whitespace.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The records of the list from its start until a record begins at `stop` (`reached`), or to its end.
    private mutating func list(upTo stop: Int) throws(Undecided) -> (records: [SourceRecord], reached: Bool) {
        var records: [SourceRecord] = []
        records.reserveCapacity(stop / 100)
        skipSpace()
        try expect(UInt8(ascii: "["))
        skipSpace()
        guard try peek() != UInt8(ascii: "]") else { return (records, false) }
        while true {
            records.append(try record())
            skipSpace()
            guard try take() == UInt8(ascii: ",") else { return (records, false) }
            skipSpace()
            if i >= stop { return (records, i == stop) }
        }
    }

    /// The records from `i`, where one begins, to the list's end.
    private mutating func rest() throws(Undecided) -> [SourceRecord] {
        var records: [SourceRecord] = []
        records.reserveCapacity((bytes.count - i) / 100)
        while true {
            records.append(try record())
            skipSpace()
            let byte = try take()
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else { throw Undecided() }
            skipSpace()
        }
        skipSpace()
        guard i == bytes.count else { throw Undecided() }
        return records
    }

    private mutating func list() throws(Undecided) -> [SourceRecord] {
        skipSpace()
        try expect(UInt8(ascii: "["))
        skipSpace()
        guard try peek() == UInt8(ascii: "]") else { return try rest() }
        i += 1
        skipSpace()
        guard i == bytes.count else { throw Undecided() }
        return []
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
    mutating func members(_ member: (inout CityListScanner, StaticKey) throws(Undecided) -> Void) throws(Undecided) {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            i += 1
            return
        }
        var seen: UInt8 = 0  // a bit for each known name met: no set made per object
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
    enum StaticKey: UInt8 {
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

    func isNumberStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || isDigit(byte) }
}
