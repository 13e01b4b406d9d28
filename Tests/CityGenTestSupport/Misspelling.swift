/// Misspellings as people make them, for the typo tests (SPEC §4c): edits past the first letter.
public enum Misspelling {
    /// `name` after `edits` edits (each a deletion, insertion, substitution or swap, past the first letter), when it
    /// keeps its first letter, differs from `name` and has 5 characters or more (8 for two edits); else nil.
    public static func edited(_ name: [Unicode.Scalar], edits: Int, letters: [Unicode.Scalar], using generator: inout SeededGenerator) -> [Unicode.Scalar]? {
        var query = name
        for _ in 0..<edits {
            guard query.count >= 4 else { return nil }
            let letter = letters.randomElement(using: &generator)!
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: query.remove(at: Int.random(in: 1..<query.count, using: &generator))
            case 1: query.insert(letter, at: Int.random(in: 1...query.count, using: &generator))
            case 2: query[Int.random(in: 1..<query.count, using: &generator)] = letter
            default:
                let at = Int.random(in: 1..<query.count - 1, using: &generator)
                query.swapAt(at, at + 1)
            }
        }
        return query.count >= (edits == 1 ? 5 : 8) && query != name && query.first == name.first ? query : nil
    }
}
