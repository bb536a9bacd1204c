/// Merging imported lists into a plan's own, so importing twice changes nothing.
extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }

    mutating func appendNew(_ elements: [Element]) {
        for element in elements where !contains(element) { append(element) }
    }
}
