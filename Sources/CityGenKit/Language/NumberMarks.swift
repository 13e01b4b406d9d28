import Foundation

/// How a language writes numbers, as CLDR has it (through Foundation): its digits (`۰`…`۹` in Persian), grouping
/// separator, decimal mark, minus sign, and the fewest digits a number has before it is grouped (`es` writes 1234
/// but 12.345). Numbers are written in ASCII first, fast, then each mark is swapped for the language's: the same
/// marks the browser's `Intl.NumberFormat` writes for the page's language.
struct NumberMarks: Sendable {
    private let digits: [[UInt8]]
    let decimalMark: [UInt8]
    private let groupingSeparator: [UInt8], minusSign: [UInt8]
    private let minimumGroupingDigits: Int
    /// Whether ASCII is already the language's writing (English): nothing to swap.
    let isASCII: Bool
    /// The most bytes any mark or digit takes.
    private let widest: Int

    init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        digits = (0...9).map { Array((formatter.string(from: NSNumber(value: $0)) ?? String($0)).utf8) }
        groupingSeparator = Array((formatter.groupingSeparator ?? ",").utf8)
        decimalMark = Array((formatter.decimalSeparator ?? ".").utf8)
        minusSign = Array((formatter.minusSign ?? "-").utf8)
        minimumGroupingDigits = formatter.string(from: 1234)?.count == 4 ? 2 : 1
        widest = max(digits.map(\.count).max()!, decimalMark.count, groupingSeparator.count, minusSign.count)
        isASCII = digits.enumerated().allSatisfy { $0.element == [UInt8(ascii: "0") + UInt8($0.offset)] }
            && groupingSeparator == [UInt8(ascii: ",")] && decimalMark == [UInt8(ascii: ".")] && minusSign == [UInt8(ascii: "-")]
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
            String(unsafeUninitializedCapacity: bytes.count * widest) { out in
                var n = 0
                func put(_ text: [UInt8]) {
                    for byte in text {
                        out[n] = byte
                        n += 1
                    }
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): put(digits[Int(byte - UInt8(ascii: "0"))])
                    case UInt8(ascii: "."): put(decimalMark)
                    case UInt8(ascii: ","): put(comma ?? groupingSeparator)
                    case UInt8(ascii: "-"): put(minusSign)
                    default:
                        out[n] = byte
                        n += 1
                    }
                }
                return n
            }
        }
    }

    /// What joins a pair of numbers (coordinates): a comma, or a semicolon where the comma is the decimal mark
    /// (`51,5074; -0,1278`).
    var pairMark: String { decimalMark == [UInt8(ascii: ",")] ? ";" : "," }

    /// `Coordinate.display`'s text in the language's marks and digits, its comma the pair's.
    func coordinates(_ display: String) -> String { isASCII ? display : local(display, comma: Array(pairMark.utf8)) }
}
