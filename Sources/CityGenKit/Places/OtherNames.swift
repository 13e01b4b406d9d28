/// A joined city's other names (SPEC §1b): its row's alternate names that are Latin-script and fold to
/// something other than the city's own folded name, one per folded form, in the file's order.
enum OtherNames {
    /// The names of `alternateNames` (GeoNames' comma-separated column) to keep for a city whose folded name is
    /// `cityFolded`.
    static func select(_ alternateNames: String, cityFolded: String) -> [String] {
        var seen: Set<String> = [cityFolded]
        var kept: [String] = []
        for part in alternateNames.split(separator: ",") {
            let name = trimmed(part)
            guard LatinScript.isLatin(name) else { continue }
            let folded = Fold.fold(String(name))
            guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
            kept.append(String(name))
        }
        return kept
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return text[first...last]
    }
}
