/// Whether a name is written in the Latin script (SPEC §1b: a joined city's other names are its Latin-script
/// alternate names). Swift has no script property, so the Latin ranges of Unicode's Scripts.txt are here.
enum LatinScript {
    /// The code points of Script=Latin (Unicode 14), as closed ranges in order.
    private static let ranges: [ClosedRange<UInt32>] = [
        0x0041...0x005A, 0x0061...0x007A, 0x00AA...0x00AA, 0x00BA...0x00BA, 0x00C0...0x00D6, 0x00D8...0x00F6,
        0x00F8...0x02B8, 0x02E0...0x02E4, 0x1D00...0x1D25, 0x1D2C...0x1D5C, 0x1D62...0x1D65, 0x1D6B...0x1D77,
        0x1D79...0x1DBE, 0x1E00...0x1EFF, 0x2071...0x2071, 0x207F...0x207F, 0x2090...0x209C, 0x212A...0x212B,
        0x2132...0x2132, 0x214E...0x214E, 0x2160...0x2188, 0x2C60...0x2C7F, 0xA722...0xA787, 0xA78B...0xA7CA,
        0xA7D0...0xA7D1, 0xA7D3...0xA7D3, 0xA7D5...0xA7D9, 0xA7F2...0xA7FF, 0xAB30...0xAB5A, 0xAB5C...0xAB64,
        0xAB66...0xAB69, 0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0x10780...0x10785, 0x10787...0x107B0,
        0x107B2...0x107BA, 0x1DF00...0x1DF1E,
    ]

    /// True when `name` has a letter and every letter is Latin. The modifier letters of no script that serve as
    /// apostrophes (ʻ in Hawaiʻi, ʼ) are not counted as letters, like the marks and punctuation around them.
    static func isLatin(_ name: Substring) -> Bool {
        var letters = 0
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                if (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) { letters += 1 }
                continue
            }
            if Fold.apostrophes.contains(scalar) || (0x02B9...0x02DF).contains(scalar.value) { continue }
            guard isLetter(scalar) else { continue }
            guard isLatin(scalar.value) else { return false }
            letters += 1
        }
        return letters > 0
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    private static func isLatin(_ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(value)
    }
}
