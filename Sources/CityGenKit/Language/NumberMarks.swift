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

    init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        digits = (0...9).map { Array((formatter.string(from: NSNumber(value: $0)) ?? String($0)).utf8) }
        groupingSeparator = Array((formatter.groupingSeparator ?? ",").utf8)
        decimalMark = Array((formatter.decimalSeparator ?? ".").utf8)
        minusSign = Array((formatter.minusSign ?? "-").utf8)
        minimumGroupingDigits = formatter.string(from: 1234)?.count == 4 ? 2 : 1
        isASCII = digits.enumerated().allSatisfy { $0.element == [UInt8(ascii: "0") + UInt8($0.offset)] }
            && groupingSeparator == [UInt8(ascii: ",")] && decimalMark == [UInt8(ascii: ".")] && minusSign == [UInt8(ascii: "-")]
    }

    /// `number` grouped by thousands (`7,556,900`; `7.556.900`; `۷٬۵۵۶٬۹۰۰`).
    func grouped(_ number: Int) -> String {
        let ascii = Digits.grouped(number, minimumGroupingDigits: minimumGroupingDigits)
        return isASCII ? ascii : local(ascii)
    }

    /// A number written in ASCII (`-1,234.5`: `-` the minus, `,` grouping, `.` the decimal mark) in the language's
    /// marks and digits; every other character as it is.
    func local(_ ascii: String) -> String {
        guard !isASCII else { return ascii }
        var text: [UInt8] = []
        text.reserveCapacity(ascii.utf8.count * 2)
        for byte in ascii.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): text += digits[Int(byte - UInt8(ascii: "0"))]
            case UInt8(ascii: "."): text += decimalMark
            case UInt8(ascii: ","): text += groupingSeparator
            case UInt8(ascii: "-"): text += minusSign
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// What joins a pair of numbers (coordinates): a comma, or a semicolon where the comma is the decimal mark
    /// (`51,5074; -0,1278`).
    var pairMark: String { decimalMark == [UInt8(ascii: ",")] ? ";" : "," }
}
