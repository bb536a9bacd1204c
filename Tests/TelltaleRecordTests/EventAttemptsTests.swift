import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRecord

/// Which attempt of a retried test each event was sent during: decided once, in the record,
/// and kept on the event for every report (and written to `run.json` and `events.jsonl`).
@Suite(.tags(.small))
struct EventAttemptsTests {
    static let start = Date(timeIntervalSince1970: 1_000)

    static func event(_ id: String, at seconds: Double, test: String?) -> Event {
        Event(
            id: id, receivedAt: start.addingTimeInterval(seconds), session: "s1", test: test.map(TestID.init), source: .telltale,
            name: "e", params: [:], raw: .null)
    }

    /// A test retried twice (attempts from +0 s, +2 s and +4 s) and a test that ran once: each of
    /// the retried test's events gets the attempt it was sent during, 1 the first; the other
    /// test's event and an event of no test get none, so their JSON is as before.
    @Test func eachEventOfARetriedTestKeepsItsAttempt() throws {
        var retried = TestResult(
            id: TestID("M.A/retried"), framework: .xctest, outcome: .passed, duration: 1, startedAt: Self.start.addingTimeInterval(4))
        retried.previousAttempts = [0, 2].map { TestAttempt(outcome: .failed, duration: 1, startedAt: Self.start.addingTimeInterval($0)) }
        let once = TestResult(id: TestID("M.A/once"), framework: .xctest, outcome: .passed, duration: 1, startedAt: Self.start)
        let raw = RawRun(
            results: [retried, once],
            events: [
                Self.event("a", at: 0.5, test: "M.A/retried"), Self.event("b", at: 3, test: "M.A/retried"),
                Self.event("c", at: 4.5, test: "M.A/retried"), Self.event("d", at: 0.5, test: "M.A/once"), Self.event("e", at: 9, test: nil),
            ])
        let record = RunRecordBuilder.build(raw, rules: RecordRules(), context: RunRecordBuilderTests.context)
        #expect(record.events.map(\.attempt) == [1, 2, 3, nil, nil])
        #expect(try JSONValueEncoder().encode(record.events[1]).jsonText().hasPrefix(#"{"attempt":2,"id":"b""#))
        #expect(try !JSONValueEncoder().encode(record.events[3]).jsonText().contains("attempt"))
    }

    /// The rule: the last attempt that started at or before the event; the first for an event
    /// sent before any; the last when no start is known.
    @Test func anEventGoesToTheLastAttemptThatStartedBeforeIt() {
        let starts: [Date?] = [Self.start, nil, Self.start.addingTimeInterval(10)]
        #expect(EventAttempts.index(sentAt: Self.start.addingTimeInterval(-1), starts: starts) == 0)
        #expect(EventAttempts.index(sentAt: Self.start.addingTimeInterval(5), starts: starts) == 0)
        #expect(EventAttempts.index(sentAt: Self.start.addingTimeInterval(10), starts: starts) == 2)
        #expect(EventAttempts.index(sentAt: Self.start, starts: [nil, nil]) == 1, "no start known: the result's own attempt")
    }
}
