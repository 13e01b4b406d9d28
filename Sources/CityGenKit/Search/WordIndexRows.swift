/// The rows of the word index (`search/words/`): SPEC §4b's word keys and §4c's other names, merged in the order of
/// their keys, then list order: one index for both, so a query that has neither reads one shard, not two.
struct WordIndexRows: Sendable {
    let words: WordKeys
    let otherNames: OtherNameKeys
    /// Each row: a word key, as its row in `words`, or an other name, as -1 - its row in `otherNames`.
    private let rows: [Int32]

    /// The rows of `otherNames` that carry their city's population (`WholeOtherNames.ranked`).
    private let ranked: Set<Int>

    init(words: WordKeys, otherNames: OtherNameKeys, ranked: Set<Int> = []) {
        self.words = words
        self.otherNames = otherNames
        self.ranked = ranked
        var rows: [Int32] = []
        rows.reserveCapacity(words.count + otherNames.count)
        var w = 0, o = 0
        var wordKey = w < words.count ? words.key(w) : []
        while w < words.count || o < otherNames.count {
            let takeWord: Bool
            if w == words.count {
                takeWord = false
            } else if o == otherNames.count {
                takeWord = true
            } else {
                let order = ByteString.compare(wordKey, otherNames.key(o))
                takeWord = order < 0 || (order == 0 && words.city(w) <= otherNames.city(o))
            }
            if takeWord {
                rows.append(Int32(w))
                w += 1
                if w < words.count { wordKey = words.key(w) }
            } else {
                rows.append(Int32(-1 - o))
                o += 1
            }
        }
        self.rows = rows
    }

    var count: Int { rows.count }

    /// The key of row `row`.
    func key(_ row: Int) -> [UInt8] {
        let r = Int(rows[row])
        return r >= 0 ? words.key(r) : otherNames.key(-1 - r)
    }

    /// The catalog index of the city of row `row`.
    func city(_ row: Int) -> Int {
        let r = Int(rows[row])
        return r >= 0 ? words.city(r) : otherNames.city(-1 - r)
    }

    /// The other name of row `row`, when it is one.
    func otherName(_ row: Int) -> String? {
        let r = Int(rows[row])
        return r >= 0 ? nil : otherNames.name(-1 - r)
    }

    /// Whether row `row` is an other name that carries its city's population.
    func ranksOtherName(_ row: Int) -> Bool {
        let r = Int(rows[row])
        return r < 0 && ranked.contains(-1 - r)
    }
}
