/// Texts that many cities share (their folded country codes), each made once: a number per city into a table of
/// the distinct texts, 4 bytes a city.
struct SharedTexts: RandomAccessCollection, Sendable {
    private let table: [[UInt8]]
    private let numbers: [Int32]

    /// `Fold.fold` of each of `texts`, each distinct text folded once.
    init(folding texts: [String]) {
        var numberOf: [String: Int32] = [:], table: [[UInt8]] = []
        numbers = texts.map { text in
            if let number = numberOf[text] { return number }
            let number = Int32(table.count)
            table.append(Array(Fold.fold(text).utf8))
            numberOf[text] = number
            return number
        }
        self.table = table
    }

    private init(table: [[UInt8]], numbers: [Int32]) {
        self.table = table
        self.numbers = numbers
    }

    var startIndex: Int { 0 }
    var endIndex: Int { numbers.count }

    /// The distinct texts.
    var distinct: Set<[UInt8]> { Set(table) }

    /// Text `i`'s bytes (the table's array, not a copy).
    subscript(i: Int) -> [UInt8] { table[Int(numbers[i])] }

    /// The texts in the order `order` gives (indices into these).
    func permuted(by order: [Int]) -> SharedTexts {
        SharedTexts(table: table, numbers: order.map { numbers[$0] })
    }
}
