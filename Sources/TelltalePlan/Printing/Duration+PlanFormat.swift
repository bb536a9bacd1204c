import TelltaleModel

extension Duration {
    /// The shortest unit string `DurationParser` reads back exactly:
    /// `1m30s`, `500ms`, `1s500ms`.
    var planFormat: String {
        var remaining = inNanoseconds
        guard remaining > 0 else { return "0s" }
        var text = ""
        let units: [(String, Int64)] = [
            ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000),
            ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
        ]
        // Largest unit first, each taking what it can: 90 seconds is `1m30s`, never `90s`.
        for (unit, size) in units where remaining >= size {
            text += "\(remaining / size)\(unit)"
            remaining %= size
        }
        return text
    }
}
