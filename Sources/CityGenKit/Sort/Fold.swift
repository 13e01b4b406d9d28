import Foundation

/// The normative folding of SPEC §2, shared by sorting, search keys and the JavaScript client.
public enum Fold {
    /// Characters deleted outright, like combining marks: apostrophe-like characters.
    static let apostrophes: Set<Unicode.Scalar> = [
        "\u{0027}", "\u{2018}", "\u{2019}", "\u{02BC}", "\u{02BB}", "\u{0060}", "\u{00B4}", "\u{02B9}",
        "\u{02BE}", "\u{02BF}",
    ]

    /// Letters that NFKD leaves alone but readers expect folded.
    static let replacements: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ħ": "h", "ı": "i",
        "þ": "th",
    ]

    /// Folds `text` per SPEC §2: lowercase, NFKD, drop marks and apostrophes, map a few letters,
    /// everything else that is not a letter or number becomes a space, spaces collapsed and trimmed.
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        let decomposed = text.lowercased().decomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        func append(_ scalar: Unicode.Scalar) {
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        for scalar in decomposed.unicodeScalars {
            if apostrophes.contains(scalar) || scalar.properties.generalCategory.isMark { continue }
            if let replacement = replacements[scalar] {
                replacement.unicodeScalars.forEach(append)
            } else if scalar.properties.generalCategory.isLetterOrNumber {
                append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(out)
    }

    /// The same folding for pure-ASCII input, which is most of the data, without Unicode tables.
    /// Returns nil when `text` has any non-ASCII byte.
    private static func foldASCII(_ text: String) -> String? {
        var utf8 = text.utf8
        if let fast = utf8.withContiguousStorageIfAvailable({ foldASCII(bytes: $0) }) { return fast }
        utf8 = String(text).utf8
        return foldASCII(bytes: Array(utf8))
    }

    private static func foldASCII<C: Collection>(bytes: C) -> String? where C.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x27, 0x60:  // ' and `
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingSpace, !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingSpace, !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(byte | 0x20)
            default:
                pendingSpace = true
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Unicode.GeneralCategory {
    var isMark: Bool {
        switch self {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    var isLetterOrNumber: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
