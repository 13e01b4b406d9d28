import Foundation

/// How a language writes numbers, as CLDR has it (through Foundation): digits, grouping separator, decimal mark,
/// minus sign, and the fewest digits a number has before it is grouped (`es` writes 1234 but 12.345). A class:
/// every row of every page reaches it, and a struct of four arrays would be copied into each call's closure.
final class NumberMarks: Sendable {
    let decimalMark: [UInt8]
    private let minimumGroupingDigits: Int
    /// Whether ASCII is already the language's writing (English): nothing to swap.
    let isASCII: Bool
    /// What `0`…`9`, `.`, `,` and `-` (`Self.slot`) are written as: `widest` bytes for each, of which `lengths`
    /// say how many are used.
    private let marks: [UInt8], lengths: [UInt8]
    /// The most bytes any mark or digit takes.
    private let widest: Int
    /// By byte: the one byte it is written as, or 0 where a mark takes more (`marks`).
    private let oneByte: [UInt8]
    /// `pairMark`'s byte.
    private let pairByte: UInt8

    init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        let digits = (0...9).map { Array((formatter.string(from: NSNumber(value: $0)) ?? String($0)).utf8) }
        decimalMark = Array((formatter.decimalSeparator ?? ".").utf8)
        let written = digits + [decimalMark, Array((formatter.groupingSeparator ?? ",").utf8), Array((formatter.minusSign ?? "-").utf8)]
        minimumGroupingDigits = formatter.string(from: 1234)?.count == 4 ? 2 : 1
        let widest = written.map(\.count).max()!
        self.widest = widest
        marks = written.flatMap { $0 + repeatElement(0, count: widest - $0.count) }
        lengths = written.map { UInt8($0.count) }
        let asASCII = Self.ascii.map { [$0] }
        isASCII = written == asASCII
        var oneByte = (0...255).map { UInt8($0) }
        for (byte, mark) in zip(Self.ascii, written) { oneByte[Int(byte)] = mark.count == 1 ? mark[0] : 0 }
        self.oneByte = oneByte
        pairByte = decimalMark == [UInt8(ascii: ",")] ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    /// The ASCII characters a number is first written with, in the order of `marks`.
    private static let ascii = Array("0123456789.,-".utf8)

    /// The place in `marks` of an ASCII character that `local` swaps.
    @inline(__always) private static func slot(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "."): 10
        case UInt8(ascii: ","): 11
        case UInt8(ascii: "-"): 12
        default: nil
        }
    }

    /// `number` grouped by thousands (`7,556,900`; `7.556.900`; `۷٬۵۵۶٬۹۰۰`).
    func grouped(_ number: Int) -> String {
        guard !isASCII else { return Digits.grouped(number, minimumGroupingDigits: minimumGroupingDigits) }
        return Digits.withGrouped(number, minimumGroupingDigits: minimumGroupingDigits) { local($0, pair: false) }
    }

    /// Appends `grouped(number)` to `out`.
    func appendGrouped(_ number: Int, to out: inout [UInt8]) {
        Digits.withGrouped(number, minimumGroupingDigits: minimumGroupingDigits) { appendLocal($0, pair: false, to: &out) }
    }

    /// A number written in ASCII (`-1,234.5`: `-` the minus, `,` grouping, `.` the decimal mark) in the language's
    /// marks and digits; every other character as it is. As a `pair`, a comma is `pairMark` instead of the grouping
    /// separator (coordinates have no grouping).
    func local(_ ascii: String, pair: Bool = false) -> String {
        guard !isASCII else { return ascii }
        var ascii = ascii
        return ascii.withUTF8 { local($0, pair: pair) }
    }

    /// `local` of the UTF-8 bytes `ascii`.
    private func local(_ ascii: UnsafeBufferPointer<UInt8>, pair: Bool) -> String {
        String(unsafeUninitializedCapacity: ascii.count * widest) { write(ascii, pair: pair, into: $0) }
    }

    /// Appends `local` of the UTF-8 bytes `ascii` to `out`.
    private func appendLocal(_ ascii: UnsafeBufferPointer<UInt8>, pair: Bool, to out: inout [UInt8]) {
        guard !isASCII else { return out.append(contentsOf: ascii) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ascii.count * widest) { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<write(ascii, pair: pair, into: buffer)]))
        }
    }

    /// Writes `local` of `ascii` into `out`, which has room for `widest` bytes a byte of it; returns how many.
    private func write(_ ascii: UnsafeBufferPointer<UInt8>, pair: Bool, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        oneByte.withUnsafeBufferPointer { oneByte in
            var n = 0
            for byte in ascii {
                let single = pair && byte == UInt8(ascii: ",") ? pairByte : oneByte[Int(byte)]
                if single != 0 {
                    out[n] = single
                    n &+= 1
                } else if let k = Self.slot(byte) {
                    for j in 0..<Int(lengths[k]) { out[n &+ j] = marks[k &* widest &+ j] }
                    n &+= Int(lengths[k])
                } else {
                    out[n] = byte
                    n &+= 1
                }
            }
            return n
        }
    }

    /// What joins a pair of numbers (coordinates): a comma, or a semicolon where the comma is the decimal mark.
    var pairMark: String { String(UnicodeScalar(pairByte)) }

    /// `Coordinate.display`'s text in the language's marks and digits, its comma the pair's.
    func coordinates(latitude: Double, longitude: Double) -> String {
        guard !isASCII else { return Coordinate.display(latitude: latitude, longitude: longitude) }
        return Coordinate.withDisplay(latitude: latitude, longitude: longitude) { local($0, pair: true) }
    }

    /// Appends `coordinates(latitude:longitude:)` to `out`.
    func appendCoordinates(latitude: Double, longitude: Double, to out: inout [UInt8]) {
        Coordinate.withDisplay(latitude: latitude, longitude: longitude) { appendLocal($0, pair: true, to: &out) }
    }
}
