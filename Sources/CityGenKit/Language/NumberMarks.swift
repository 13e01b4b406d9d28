import Foundation

/// How a language writes numbers, as CLDR has it (through Foundation): its digits (`۰`…`۹` in Persian), grouping
/// separator, decimal mark, minus sign, and the fewest digits a number has before it is grouped (`es` writes 1234
/// but 12.345). Numbers are written in ASCII first, fast, then each mark is swapped for the language's: the same
/// marks the browser's `Intl.NumberFormat` writes for the page's language.
struct NumberMarks: Sendable {
    let decimalMark: [UInt8]
    private let minimumGroupingDigits: Int
    /// Whether ASCII is already the language's writing (English): nothing to swap.
    let isASCII: Bool
    /// What `0`…`9`, `.`, `,` and `-` (`Self.slot`) are written as: `widest` bytes for each, of which `lengths`
    /// say how many are used. One flat table: every number of every page goes through it.
    private let marks: [UInt8], lengths: [UInt8]
    /// The most bytes any mark or digit takes.
    private let widest: Int

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
        let ascii = Digits.grouped(number, minimumGroupingDigits: minimumGroupingDigits)
        return isASCII ? ascii : local(ascii)
    }

    /// A number written in ASCII (`-1,234.5`: `-` the minus, `,` grouping, `.` the decimal mark) in the language's
    /// marks and digits; every other character as it is. With `comma`, a comma is that text instead of the grouping
    /// separator (a pair's separator: coordinates have no grouping). Pages write numbers by the million: the text is
    /// written once, in place.
    func local(_ ascii: String, comma: [UInt8]? = nil) -> String {
        guard !isASCII || comma != nil else { return ascii }
        var ascii = ascii
        let widest = max(widest, comma?.count ?? 1)
        return ascii.withUTF8 { bytes in
            marks.withUnsafeBufferPointer { marks in
                String(unsafeUninitializedCapacity: bytes.count * widest) { out in
                    var n = 0
                    func put(_ text: UnsafeBufferPointer<UInt8>) {
                        _ = UnsafeMutableBufferPointer(rebasing: out[n..<(n + text.count)]).initialize(from: text)
                        n += text.count
                    }
                    for byte in bytes {
                        guard let k = Self.slot(byte) else {
                            out[n] = byte
                            n += 1
                            continue
                        }
                        if k == 11, let comma {
                            comma.withUnsafeBufferPointer(put)
                        } else {
                            put(UnsafeBufferPointer(rebasing: marks[(k * self.widest)..<(k * self.widest + Int(lengths[k]))]))
                        }
                    }
                    return n
                }
            }
        }
    }

    /// What joins a pair of numbers (coordinates): a comma, or a semicolon where the comma is the decimal mark
    /// (`51,5074; -0,1278`).
    var pairMark: String { decimalMark == [UInt8(ascii: ",")] ? ";" : "," }

    /// `Coordinate.display`'s text in the language's marks and digits, its comma the pair's.
    func coordinates(_ display: String) -> String { isASCII ? display : local(display, comma: Array(pairMark.utf8)) }
}
