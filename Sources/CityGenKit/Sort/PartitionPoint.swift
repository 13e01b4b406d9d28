extension Range where Bound == Int {
    /// The first index of the range where `isBelow` turns false, by binary search; `isBelow` must be true for a
    /// prefix of the range and false after it.
    func partitionPoint(_ isBelow: (Int) throws -> Bool) rethrows -> Int {
        var low = lowerBound, high = upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if try isBelow(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
