import Foundation
import TelltaleModel

/// Decides whether a running test has overstayed its timeout or its time budget.
struct TimeLimits: Sendable {
    var settings: [TestID: TestSettings]
    var defaults: TestSettings
    /// When testing began; budgets count from here.
    var testingStarted: Date
    /// Tests' own `.timeLimit` traits. Swift Testing ends a test that overstays one when
    /// the test lets it (it cancels the task); one that blocks is killed `ownLimitGrace` later.
    var ownLimits: [TestID: Duration] = [:]

    static let ownLimitGrace: Duration = .seconds(5)

    func settings(for id: TestID) -> TestSettings { settings[id] ?? defaults }

    /// Whether any test in `ids` has a limit at all, so a batch without limits needs no watchdog.
    func anyLimit(in ids: [TestID]) -> Bool {
        ids.contains {
            let s = settings(for: $0)
            return s.timeout != nil || s.budget != nil || ownLimits[$0] != nil
        }
    }

    /// Why a test that started at `start` must be stopped `now`, or nil.
    func violation(of id: TestID, startedAt start: Date, now: Date) -> String? {
        let limits = settings(for: id)
        let ran = now.timeIntervalSince(start)
        if let own = ownLimits[id], limits.timeout.map({ own < $0 }) ?? true, ran > (own + Self.ownLimitGrace).inSeconds {
            return "\(id) overstayed its .timeLimit of \(own.shortDescription) (shorter than the plan's timeout) and was killed"
        }
        if let timeout = limits.timeout, ran > timeout.inSeconds {
            return "\(id) did not finish within its timeout of \(timeout.shortDescription) and was killed"
        }
        if let budget = limits.budget, now.timeIntervalSince(testingStarted) > budget.inSeconds {
            return "the time budget of \(budget.shortDescription) ran out while \(id) was running, and it was killed"
        }
        return nil
    }

    /// Why a test must not start `now`, or nil.
    func budgetSpent(for id: TestID, now: Date) -> String? {
        guard let budget = settings(for: id).budget, now.timeIntervalSince(testingStarted) > budget.inSeconds else { return nil }
        return "not run: the time budget of \(budget.shortDescription) ran out before the test could start"
    }
}
