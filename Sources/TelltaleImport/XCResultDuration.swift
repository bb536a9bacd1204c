/// A test node's `duration` string, as xcresulttool writes it beside `durationInSeconds` (Xcode
/// 16.3 and later) or alone (Xcode 16.0 to 16.2): localized, so `0,2s` or `0.2s`, and in units
/// that grow with it: `12ms`, `3s`, `1m 2s`, `1h 3m`.
enum XCResultDuration {
    /// Seconds, or nil for a string with no number and unit in it (nothing is guessed).
    static func seconds(from text: String) -> Double? {
        var total = 0.0
        var found = false
        // A number read and waiting for its unit (`1` in `1 m`).
        var pendingNumber: Double?
        for token in text.split(whereSeparator: \.isWhitespace) {
            // `1m`, or `1` then `m`.
            let digits = token.prefix { $0.isNumber || $0 == "," || $0 == "." }
            let unit = token.dropFirst(digits.count)
            if !digits.isEmpty {
                guard let number = Double(digits.replacingOccurrences(of: ",", with: ".")) else { return nil }
                pendingNumber = number
            }
            guard !unit.isEmpty else { continue }
            guard let number = pendingNumber, let scale = Self.scale[unit.lowercased()] else { return nil }
            total += number * scale
            found = true
            pendingNumber = nil
        }
        // A number left without a unit (`12`) is not read as seconds.
        return found && pendingNumber == nil ? total : nil
    }

    /// Seconds per unit, keyed by the unit in lower case.
    private static let scale: [String: Double] = [
        "ms": 0.001, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600,
    ]
}
