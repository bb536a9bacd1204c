extension Collection where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count); 0 when empty.
    /// Durations are summarised by it: one slow outlier does not move it.
    package var median: Double {
        let sorted = self.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
