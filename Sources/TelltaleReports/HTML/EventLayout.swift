import Foundation
import TelltaleModel

/// Where the record's events go in the report's `events` array: grouped by test in list order,
/// and within a retried test by attempt (earlier attempts first), then the events of no known
/// test. Each event goes with the attempt it was sent during, the last attempt whose start is at
/// or before it, and its offset is counted from that attempt's start; so a retried test's
/// analytics checks, which see its last attempt's events only, and its events agree.
struct EventLayout {
    struct Range: Equatable {
        var start: Int
        var count: Int
    }

    /// Indices into the record's events in page order, each with the time its offset counts from.
    private(set) var order: [(index: Int, origin: Date)] = []
    /// For each test in list order, a range for each of its attempts, its last (the result's own) last.
    private(set) var attempts: [[Range]] = []
    private(set) var unattributed = Range(start: 0, count: 0)

    init(_ record: RunRecord, tests: [TestResult], position: [TestID: Int]) {
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
                groups[Self.attempt(sentAt: record.events[index].receivedAt, starts: starts)].append(index)
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

    /// The attempt an event sent at `time` belongs to: the last one that started at or before it
    /// (the first, for an event sent before any); the last attempt when none has a known start.
    static func attempt(sentAt time: Date, starts: [Date?]) -> Int {
        guard starts.contains(where: { $0 != nil }) else { return starts.count - 1 }
        return starts.lastIndex { start in start.map { $0 <= time } ?? false } ?? 0
    }
}
