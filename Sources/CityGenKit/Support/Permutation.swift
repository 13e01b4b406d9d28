extension Array where Element == Int {
    /// For an order, in which `self[new]` is the old index of what is now at `new`: the new index of each old one.
    var newIndices: [Int] {
        var newIndices = [Int](repeating: 0, count: count)
        for (new, old) in enumerated() { newIndices[old] = new }
        return newIndices
    }
}
