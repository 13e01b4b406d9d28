/// Names by geonameid, packed: the ids in ascending order beside one buffer of the names' bytes, a name found by
/// binary search, since a dictionary of strings would allocate most names (past a small string's 15 bytes) apart.
public struct NamesByID: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private let ids: [Int]
    /// The name of `ids[i]` is text `i`.
    private let names: PackedTexts

    private init(ids: [Int], names: PackedTexts) {
        self.ids = ids
        self.names = names
    }

    /// The names of `names`' ids.
    public init(_ names: [Int: String]) {
        var builder = Builder()
        for (id, name) in names.sorted(by: { $0.key < $1.key }) { builder.append(id, name.utf8) }
        self = builder.names
    }

    public init(dictionaryLiteral elements: (Int, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// Names appended one by one, in any order of ids; an id appended again takes its last name.
    struct Builder {
        private var ids: [Int] = []
        private var texts = PackedTexts.Builder()
        private var ascending = true

        mutating func append(_ id: Int, _ name: some Collection<UInt8>) {
            if let last = ids.last, last >= id { ascending = false }
            ids.append(id)
            texts.append(name)
        }

        /// The names appended.
        var names: NamesByID {
            let texts = texts.texts
            guard !ascending else { return NamesByID(ids: ids, names: texts) }
            let order = ids.indices.sorted { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 < $1 }
            let last = order.indices.filter { $0 == order.count - 1 || ids[order[$0 + 1]] != ids[order[$0]] }.map { order[$0] }
            return NamesByID(ids: last.map { ids[$0] }, names: texts.permuted(by: last))
        }
    }

    public var count: Int { ids.count }

    /// The name of the place `id`, if it has one.
    public subscript(id: Int) -> String? {
        withName(id) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the name of the place `id`, if it has one, without making a string of them.
    func withName<Result>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let i = ids.indices.partitionPoint { ids[$0] < id }
        return i < ids.count && ids[i] == id ? names.withText(i, body) : nil
    }

    /// Calls `body` with each id and the bytes of its name, by id.
    public func forEach(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        for (i, id) in ids.enumerated() { names.withText(i) { body(id, $0) } }
    }

    /// The names of the ids for which `isIncluded` is true.
    func filter(_ isIncluded: (Int) -> Bool) -> NamesByID {
        let kept = ids.indices.filter { isIncluded(ids[$0]) }
        return NamesByID(ids: kept.map { ids[$0] }, names: names.permuted(by: kept))
    }

    public static func == (a: NamesByID, b: NamesByID) -> Bool {
        a.ids == b.ids && a.ids.indices.allSatisfy { i in a.names.compare(i, b.names[i]) == 0 }
    }
}
