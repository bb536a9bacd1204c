import Foundation
import TelltaleModel

/// Which attempt of a retried test each of its events was sent during, decided once, when the
/// record is made, by the clock the attempts' own starts were read on, and kept on the event
/// (`Event.attempt`): every report, and the end-of-run checks, read it from there.
///
/// An event goes with the last attempt that started at or before it: a retry starts after the
/// attempt before it ended, so anything sent between the two belongs to the earlier one.
package enum EventAttempts {
    /// `events` with `attempt` set for each event of a test that ran more than once (1 is the
    /// first attempt); other events as they were.
    package static func assign(_ events: [Event], tests: [TestResult]) -> [Event] {
        var starts: [TestID: [Date?]] = [:]
        for test in tests where !test.previousAttempts.isEmpty {
            starts[test.id] = test.previousAttempts.map(\.startedAt) + [test.startedAt]
        }
        guard !starts.isEmpty else { return events }
        return events.map { event in
            guard let test = event.test, let attemptStarts = starts[test] else { return event }
            var placed = event
            placed.attempt = index(sentAt: event.receivedAt, starts: attemptStarts) + 1
            return placed
        }
    }

    /// The attempt (0 is the first) an event sent at `time` belongs to: the last one that started
    /// at or before it (the first, for an event sent before any); the last attempt when none has
    /// a known start.
    package static func index(sentAt time: Date, starts: [Date?]) -> Int {
        guard starts.contains(where: { $0 != nil }) else { return starts.count - 1 }
        return starts.lastIndex { start in start.map { $0 <= time } ?? false } ?? 0
    }
}
