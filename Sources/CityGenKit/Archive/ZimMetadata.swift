import Foundation

/// The metadata openZIM requires of a ZIM file (openzim.org/wiki/Metadata), as citygen fills it.
public struct ZimMetadata: Sendable, Equatable {
    /// An identifier of the content, the same for every edition: `citygen_<lang>_<title slug>`.
    public var name: String
    public var title: String
    public var description: String
    /// ISO 639-3 (`eng`): the `Language` metadata and the full-text index's stemming.
    public var language: String
    public var creator: String
    public var publisher: String
    /// `YYYY-MM-DD`.
    public var date: String
    /// Where the data came from.
    public var source: String
    public var license: String
    /// The 48×48 PNG Kiwix shows for the file.
    public var illustration: [UInt8]

    /// `seconds` since 1970 as openZIM's `Date`, in UTC.
    public static func date(seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// `title` in lower case with every run of other characters than ASCII letters and digits as one `-`.
    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.lowercased().unicodeScalars {
            if character.isASCII, CharacterSet.alphanumerics.contains(character) {
                slug.unicodeScalars.append(character)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "cities" : slug
    }

    /// The fields as ZIM metadata entries, by name.
    var texts: [(name: String, value: String)] {
        [
            ("Name", name), ("Title", title), ("Description", description), ("Language", language), ("Creator", creator),
            ("Publisher", publisher), ("Date", date), ("Source", source), ("License", license),
        ]
    }
}
