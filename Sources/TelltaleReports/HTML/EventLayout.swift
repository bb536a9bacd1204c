import Foundation
import TelltaleModel
import TelltaleRecord

/// Where the record's events go in the report's `events` array: grouped by test in list order,
/// and within a retried test by attempt (earlier attempts first), then the events of no known
/// test. Each event goes with the attempt the record says it was sent during (`Event.attempt`,
/// decided by `EventAttempts`; a record from before it kept one is placed by the same rule), and
/// its offset is counted from that attempt's start; so a retried test's analytics checks, which
/// see its last attempt's events only, and its events agree.
struct EventLayout {
    /// Consecutive events of the page's `events` array: `[start, count]` in the data.
    struct Range: Equatable {
        var start: Int
        var count: Int
    }

    /// Indices into the record's events in page order, each with the time its offset counts from.
    private(set) var order: [(index: Int, origin: Date)] = []
    /// For each test in list order, a range for each of its attempts, its last (the result's own) last.
    private(set) var attempts: [[Range]] = []
    /// The events of no test in the list, last; their offsets count from the run's start.
    private(set) var unattributed = Range(start: 0, count: 0)

    init(_ record: RunRecord, tests: [TestResult], position: [TestID: Int]) {
        // One bucket per test in list order, and a last one for events of no test in the list.
        var buckets = [[Int]](repeating: [], count: tests.count + 1)
        for (index, event) in record.events.enumerated() {
            buckets[event.test.flatMap { position[$0] } ?? tests.count].append(index)
        }
        order.reserveCapacity(record.events.count)
        attempts.reserveCapacity(tests.count)
        for (testIndex, test) in tests.enumerated() {
            let starts = test.previousAttempts.map(\.startedAt) + [test.startedAt]
            var groups = [[Int]](repeating: [], count: starts.count)
            for index in buckets[testIndex] {
                let event = record.events[index]
                let attempt = event.attempt.map { $0 - 1 } ?? EventAttempts.index(sentAt: event.receivedAt, starts: starts)
                // An `attempt` outside the test's own attempts goes with the nearest one.
                groups[min(max(attempt, 0), starts.count - 1)].append(index)
            }
            var ranges: [Range] = []
            for (attempt, group) in groups.enumerated() {
                ranges.append(place(group, origin: starts[attempt] ?? record.startedAt))
            }
            attempts.append(ranges)
        }
        unattributed = place(buckets[tests.count], origin: record.startedAt)
    }

    private mutating func place(_ indices: [Int], origin: Date) -> Range {
        let range = Range(start: order.count, count: indices.count)
        order += indices.map { ($0, origin) }
        return range
    }
}
