/// Reads durations as plans write them: `500ms`, `30s`, `2m`, `1h`, `1m30s`, `1.5s`.
///
/// A bare number is rejected: `timeout: 30` could mean seconds or minutes,
/// and guessing wrong makes a run hang or fail for no visible reason.
package struct DurationParser {
    /// Nanoseconds in each unit a plan may write; `us` and `µs` are both microseconds.
    static let unitNanoseconds: [String: Int64] = [
        "ns": 1,
        "us": 1_000,
        "µs": 1_000,
        "ms": 1_000_000,
        "s": 1_000_000_000,
        "m": 60_000_000_000,
        "h": 3_600_000_000_000,
    ]

    static let formatHint = "use a number with a unit: 500ms, 30s, 5m, 1h"

    /// The duration, rounded to whole nanoseconds, or nil if `text` isn't one.
    package static func parse(_ text: String) -> Duration? {
        var rest = Substring(text.trimmingWhitespace())
        guard !rest.isEmpty else { return nil }
        var total = 0.0
        // Number-unit pairs until the text ends: `1m30s` is 1 m, then 30 s. A unit the table lacks,
        // or a number without a unit, is no duration.
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            // A number starts and ends with a digit: `.5s` and `5.s` are refused.
            guard number.first?.isNumber == true, number.last?.isNumber == true,
                let value = Double(number), let scale = unitNanoseconds[String(unit)]
            else { return nil }
            total += value * Double(scale)
        }
        // Int64 nanoseconds cover ~292 years; anything longer is a typo.
        guard total < Double(Int64.max) else { return nil }
        return .nanoseconds(Int64(total.rounded()))
    }

    /// Why `text` is not a duration, phrased as advice.
    static func hint(for text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        if !trimmed.isEmpty, Double(trimmed) != nil {
            return "add a unit, e.g. `\(trimmed)s`; \(formatHint)"
        }
        return formatHint
    }
}

extension String {
    /// Without leading and trailing whitespace, newlines included, and without Foundation.
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
