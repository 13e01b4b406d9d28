/// Which of GeoNames' alternate names count as other names (SPEC §1b): those written in the Latin script, every
/// letter of them a Latin letter, so `Londres` and `München` do but `Лондон` and `伦敦` do not.
enum LatinScript {
    /// Whether every letter of `name` is in a Latin block of Unicode (digits, marks, spaces and punctuation may be
    /// anything), and it has a letter.
    static func isLatin(_ name: Substring) -> Bool {
        var letters = 0
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                if (scalar.value | 0x20) >= 0x61, (scalar.value | 0x20) <= 0x7A { letters += 1 }
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                guard latinBlocks.contains(where: { $0.contains(scalar.value) }) else { return false }
                letters += 1
            default:
                continue
            }
        }
        return letters > 0
    }

    /// The letters of Unicode's Latin blocks beyond ASCII, from Latin-1 Supplement to the fullwidth Latin letters.
    private static let latinBlocks: [ClosedRange<UInt32>] = [
        0x00AA...0x00AA, 0x00BA...0x00BA, 0x00C0...0x02AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2070...0x209F, 0x2C60...0x2C7F,
        0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF5A,
    ]
}
