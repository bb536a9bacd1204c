import Foundation
import TelltaleModel

/// What the plan says about one test: its time limits, retries, and whether it
/// belongs to a suite that must run in one worker, one test at a time.
package struct TestSettings: Sendable, Hashable {
    /// The longest one run of the test may take before it is killed.
    package var timeout: Duration?
    /// The time budget, from the start of testing, within which the test must have
    /// finished: the plan's or its suite's `timeout.run`.
    package var budget: Duration?
    /// How many times a failing test is run again.
    package var retries: Int
    /// Tests with the same group run in one worker process, not in parallel.
    package var serialGroup: String?

    package init(timeout: Duration? = nil, budget: Duration? = nil, retries: Int = 0, serialGroup: String? = nil) {
        self.timeout = timeout
        self.budget = budget
        self.retries = retries
        self.serialGroup = serialGroup
    }
}

extension Duration {
    /// `90s` → `1m30s`, for messages.
    var shortDescription: String {
        let total = inSeconds
        if total < 1 { return "\(Int((total * 1000).rounded()))ms" }
        if total < 60 { return total == total.rounded() ? "\(Int(total))s" : String(format: "%.1fs", total) }
        let minutes = Int(total) / 60
        let rest = Int(total) % 60
        return rest == 0 ? "\(minutes)m" : "\(minutes)m\(rest)s"
    }
}
