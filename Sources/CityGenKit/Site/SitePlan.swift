/// Which city goes on which list page, and where each initial of the A–Z/0–9 jump index starts.
public struct SitePlan: Sendable {
    public let cityCount: Int
    public let pageSize: Int

    /// One entry of the home page's jump index.
    public struct Initial: Sendable, Equatable {
        /// `A`…`Z`, `0`…`9`, or `Other scripts` for names in other scripts.
        public let label: String
        /// The catalog index of the first name with this initial; nil when no name has it.
        public let first: Int?
        /// The list page where names with this initial start; nil when no name has it.
        public let page: Int?
    }

    public let initials: [Initial]

    public init(catalog: CityCatalog, pageSize: Int) {
        precondition(pageSize > 0)
        self.cityCount = catalog.count
        self.pageSize = pageSize
        var firstIndex: [UInt8: Int] = [:]
        var firstOther: Int?
        for index in 0..<catalog.count {
            guard let byte = catalog.foldedNames.first(index) else { continue }
            if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) {
                if firstIndex[byte] == nil { firstIndex[byte] = index }
            } else if byte >= 0x80, firstOther == nil {
                firstOther = index
            }
        }
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { ($0, String(UnicodeScalar($0)).uppercased()) }
        let digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { ($0, String(UnicodeScalar($0))) }
        self.initials = (letters + digits).map { Initial(label: $0.1, first: firstIndex[$0.0], page: firstIndex[$0.0].map { $0 / pageSize + 1 }) }
            + [Initial(label: Self.otherScripts, first: firstOther, page: firstOther.map { $0 / pageSize + 1 })]
    }

    /// The jump index's label for names that start with a letter of another script.
    public static let otherScripts = "Other scripts"

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
