import Foundation

/// English country names for the codes in the data, where Foundation's locale data knows them.
enum CountryNames {
    static func names(for codes: Set<String>) -> [String: String] {
        let locale = Locale(identifier: "en_US")
        var names: [String: String] = [:]
        for code in codes where code.count == 2 && code.allSatisfy({ $0.isASCII && $0.isLetter }) {
            guard let name = locale.localizedString(forRegionCode: code.uppercased()),
                name != code, name != "Unknown Region"
            else { continue }
            names[code] = name
        }
        return names
    }
}
