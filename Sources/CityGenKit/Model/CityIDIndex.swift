/// The catalog index of each city by its id: open addressing in one array of 32-bit slots, two slots a city,
/// instead of a dictionary (about 40 bytes a city, held for the whole build).
public struct CityIDIndex: Sendable {
    private let cities: [City]
    /// Catalog indices, at the slot of their city's id or the next free one after it; -1 for a free slot.
    private let slots: [Int32]
    private let shift: UInt64

    init(_ cities: [City]) {
        var bits: UInt64 = 4
        while 1 << bits < cities.count * 2 { bits += 1 }
        var slots = [Int32](repeating: -1, count: 1 << bits)
        let shift = 64 - bits, mask = slots.count - 1
        for (index, city) in cities.enumerated() {
            var slot = Self.slot(of: city.id, shift: shift)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
        self.cities = cities
        self.slots = slots
        self.shift = shift
    }

    /// The catalog index of the city with this id, if there is one.
    public subscript(id: Int) -> Int? {
        var slot = Self.slot(of: id, shift: shift)
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if cities[index].id == id { return index }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Fibonacci hashing: the top bits of the id times 2⁶⁴/φ, so that neighbouring ids spread over the table.
    private static func slot(of id: Int, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
