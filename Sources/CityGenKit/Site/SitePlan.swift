/// Which city goes on which list page, and where each entry of the jump index starts.
public struct SitePlan: Sendable {
    public let cityCount: Int
    public let pageSize: Int

    /// One entry of the home page's jump index.
    public struct Initial: Sendable, Equatable {
        /// A letter of the language's index (`A`, `Б`), a digit in the language's digits, or the name of a script
        /// in the language (`Cyrillic`, `кириллица`) for names in a script the letters do not cover.
        public let label: String
        /// The catalog index of the first name with this initial; nil when no name has it.
        public let first: Int?
        /// The list page where names with this initial start; nil when no name has it.
        public let page: Int?
    }

    public let initials: [Initial]

    public init(catalog: CityCatalog, pageSize: Int, language: SiteLanguage = .english) {
        precondition(pageSize > 0)
        self.cityCount = catalog.count
        self.pageSize = pageSize
        let letters = JumpLetters(language: language)
        // The first name of each folded first character, and of each script the letters leave out, in list order.
        var firstOfInitial: [Unicode.Scalar: Int] = [:]
        var firstOfScript: [(script: String, first: Int)] = []
        var scriptOf: [Unicode.Scalar: String] = [:]
        for index in 0..<catalog.count {
            guard let initial = catalog.foldedNames.withText(index, { JumpLetters.firstScalar(of: $0) }), firstOfInitial[initial] == nil else { continue }
            firstOfInitial[initial] = index
            guard !letters.covers(initial) else { continue }
            let script = scriptOf[initial] ?? CLDR.script(of: initial)
            scriptOf[initial] = script
            // A script the letters are of (Cyrillic's `І` on a Russian site) or none (digits of another script) has no
            // entry: its names sit among the letters' in the list's order.
            guard !letters.scripts.contains(script), !["Zyyy", "Zinh", "Zzzz"].contains(script) else { continue }
            if !firstOfScript.contains(where: { $0.script == script }) { firstOfScript.append((script, index)) }
        }
        let page = { (first: Int?) in first.map { $0 / pageSize + 1 } }
        self.initials = letters.entries.map { Initial(label: $0.label, first: firstOfInitial[$0.folded], page: page(firstOfInitial[$0.folded])) }
            + firstOfScript.map { Initial(label: language.scriptName($0.script), first: $0.first, page: page($0.first)) }
    }

    /// Number of list pages; 1 even for an empty catalog, so the home page always has a list to link.
    public var pageCount: Int { max(1, (cityCount + pageSize - 1) / pageSize) }

    /// The indices into the catalog shown on list page `page` (1-based).
    public func cities(onPage page: Int) -> Range<Int> {
        let start = (page - 1) * pageSize
        return start..<min(cityCount, start + pageSize)
    }

    /// The list page (1-based) that shows the city at `index`.
    public func page(ofCityAt index: Int) -> Int { index / pageSize + 1 }
}

/// The letters of a language's jump index: CLDR's index characters of the language, each once as names fold (`Ё`
/// into `Е`), then `A`–`Z` where they are not Latin, then `0`–`9` in the language's digits.
struct JumpLetters {
    let entries: [(label: String, folded: Unicode.Scalar)]

    init(language: SiteLanguage) {
        var entries: [(label: String, folded: Unicode.Scalar)] = []
        var seen: Set<Unicode.Scalar> = []
        func add(_ letters: [String]) {
            // A letter whose fold is itself lowercased (`Е`) is the label of its fold rather than one with a mark (`Ё`).
            let plainFirst = letters.sorted { (Fold.fold($0) == $0.lowercased() ? 0 : 1) < (Fold.fold($1) == $1.lowercased() ? 0 : 1) }
            var labels: [Unicode.Scalar: String] = [:]
            for letter in plainFirst {
                let folded = Fold.fold(letter).unicodeScalars
                guard folded.count == 1, let scalar = folded.first, !seen.contains(scalar), labels[scalar] == nil else { continue }
                labels[scalar] = letter
            }
            for (scalar, label) in labels.sorted(by: { $0.key.value < $1.key.value }) {
                seen.insert(scalar)
                entries.append((label, scalar))
            }
        }
        let own = CLDR.indexCharacters(language.code)
        add(own)
        if !own.contains("A") { add((UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }) }
        for digit in 0...9 { entries.append((language.grouped(digit), Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit)))) }
        self.entries = entries
        self.covered = seen.union((UInt8(ascii: "0")...UInt8(ascii: "9")).map { Unicode.Scalar($0) })
        self.scripts = Set(seen.map(CLDR.script))
    }

    private let covered: Set<Unicode.Scalar>
    /// The scripts of the letters (`Cyrl` and `Latn` on a Russian site).
    let scripts: Set<String>

    /// Whether a name whose folded first character is `scalar` has an entry of its own.
    func covers(_ scalar: Unicode.Scalar) -> Bool { covered.contains(scalar) }

    /// The first character of a folded name's UTF-8 bytes.
    static func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}
