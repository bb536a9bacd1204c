import Foundation
import TelltaleModel

/// Gives events that arrived without a test (no tag, no begin/end marker open in their
/// session) to the test that was running in their session when they arrived: the
/// `none` lifecycle's attribution, and a fallback for tests that ended without `tests/end`.
///
/// Only an unambiguous window counts: when several tests of one session ran at once
/// (Swift Testing in parallel), an event inside their overlap stays unattributed.
package enum EventAttribution {
    /// `events`, each without a test given the one test whose window in its session (from the
    /// test's start to its start plus its duration) holds its `receivedAt`. Events that have a test
    /// keep it; tests without a session or a start open no window.
    package static func byTimeWindow(_ events: [Event], tests: [TestResult]) -> [Event] {
        var windows: [String: [(test: TestID, start: Date, end: Date)]] = [:]
        for test in tests {
            guard let session = test.session, let start = test.startedAt else { continue }
            windows[session, default: []].append((test.id, start, start.addingTimeInterval(test.duration)))
        }
        guard !windows.isEmpty else { return events }
        return events.map { event in
            guard event.test == nil, let candidates = windows[event.session] else { return event }
            // Both ends count, so an event stamped at the very instant one test ended and the next
            // began is in two windows, and stays unattributed rather than be given to the wrong one.
            let containing = candidates.filter { $0.start <= event.receivedAt && event.receivedAt <= $0.end }
            guard containing.count == 1 else { return event }
            var attributed = event
            attributed.test = containing[0].test
            return attributed
        }
    }
}
