import Foundation

/// A plan's `quarantine:` entry: a known-bad test that still runs and is still reported,
/// but whose failure does not fail the run until `until` has passed.
package struct QuarantineEntry: Codable, Sendable, Hashable {
    /// A test id, or `/regex/` over test ids (as `--filter` reads them).
    package var test: String
    package var reason: String
    package var owner: String
    /// The last day (`YYYY-MM-DD`, UTC) the entry holds; from the day after, the test counts again.
    package var until: String

    package init(test: String, reason: String, owner: String, until: String) {
        self.test = test
        self.reason = reason
        self.owner = owner
        self.until = until
    }

    /// True from the day after `until` (dates compare as ISO text, UTC).
    package func isExpired(on date: Date) -> Bool {
        Self.day(of: date) > until
    }

    /// `YYYY-MM-DD` of `date` in UTC.
    package static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// One line for reports: `quarantined until 2026-12-31 (owner: @ana): flaky on CI`.
    package var summary: String {
        "quarantined until \(until) (owner: \(owner)): \(reason)"
    }
}
