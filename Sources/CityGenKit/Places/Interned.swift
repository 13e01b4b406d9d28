/// Strings that repeat across cities (time zones, feature codes), each stored once: a city holds its
/// string's number.
struct Interned {
    private(set) var values: [String] = []
    private var numbers: [String: Int32] = [:]

    /// The number of `value`, given the next number the first time it is seen.
    mutating func number(_ value: String) -> Int32 {
        if let number = numbers[value] { return number }
        let number = Int32(values.count)
        values.append(value)
        numbers[value] = number
        return number
    }
}

extension Interned: Sendable {
    /// Drops the lookup once every string is in: only `values` is read afterwards.
    mutating func freeze() {
        numbers = [:]
    }
}
