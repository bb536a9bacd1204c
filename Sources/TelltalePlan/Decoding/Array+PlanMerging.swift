/// Merging imported lists into a plan's own, so importing twice changes nothing.
extension Array where Element: Equatable {
    /// Whether the array ends with `suffix`: imported arguments sit at the end of the plan's.
    func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }

    /// Appends, in order, the elements not already present.
    mutating func appendNew(_ elements: [Element]) {
        for element in elements where !contains(element) { append(element) }
    }
}
