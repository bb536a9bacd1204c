import Foundation
import TelltaleModel

/// Gives events that arrived without a test (no tag, no begin/end marker open in their
/// session) to the test that was running in their session when they arrived: the
/// `none` lifecycle's attribution, and a fallback for tests that ended without `tests/end`.
///
/// Only an unambiguous window counts: when several tests of one session ran at once
/// (Swift Testing in parallel), an event inside their overlap stays unattributed.
package enum EventAttribution {
    package static func byTimeWindow(_ events: [Event], tests: [TestResult]) -> [Event] {
        var windows: [String: [(test: TestID, start: Date, end: Date)]] = [:]
        for test in tests {
            guard let session = test.session, let start = test.startedAt else { continue }
            windows[session, default: []].append((test.id, start, start.addingTimeInterval(test.duration)))
        }
        guard !windows.isEmpty else { return events }
        return events.map { event in
            guard event.test == nil, let candidates = windows[event.session] else { return event }
            let containing = candidates.filter { $0.start <= event.receivedAt && event.receivedAt <= $0.end }
            guard containing.count == 1 else { return event }
            var attributed = event
            attributed.test = containing[0].test
            return attributed
        }
    }
}
