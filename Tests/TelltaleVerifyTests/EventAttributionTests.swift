import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

/// The `none` lifecycle: untagged events go to the test whose time window in their session holds them.
@Suite(.tags(.small))
struct EventAttributionTests {
    static func result(_ id: String, session: String, from start: Double, seconds: Double) -> TestResult {
        TestResult(
            id: TestID(id), framework: .xctest, outcome: .passed, duration: seconds,
            startedAt: Sent.start.addingTimeInterval(start), session: session
        )
    }

    /// One untagged event at `offset` seconds after `Sent.start` in `session`.
    static func event(at offset: Double, session: String, test: TestID? = nil) -> Event {
        Event(
            id: "e\(Int(offset * 1000))", receivedAt: Sent.start.addingTimeInterval(offset), session: session,
            test: test, source: .telltale, name: "tick", params: [:], raw: .null
        )
    }

    @Test func anUntaggedEventGoesToTheTestRunningInItsSession() {
        let tests = [
            Self.result("Shop.A/testOne", session: "w1", from: 0, seconds: 1),
            Self.result("Shop.A/testTwo", session: "w1", from: 1.5, seconds: 1),
            Self.result("Shop.B/testThree", session: "w2", from: 0, seconds: 3),
        ]
        let events = [
            Self.event(at: 0.5, session: "w1"), Self.event(at: 2, session: "w1"), Self.event(at: 1.2, session: "w1"),
            Self.event(at: 0.5, session: "w2"),
        ]
        let attributed = EventAttribution.byTimeWindow(events, tests: tests)
        #expect(attributed.map(\.test?.rawValue) == ["Shop.A/testOne", "Shop.A/testTwo", nil, "Shop.B/testThree"])
    }

    @Test func aTagOrMarkerWinsAndOverlappingWindowsAttributeNothing() {
        let tests = [
            Self.result("Shop.A/testOne", session: "w1", from: 0, seconds: 2),
            Self.result("Shop.A/testTwo", session: "w1", from: 1, seconds: 2),
        ]
        let tagged = TestID("Shop.C/testElsewhere")
        let events = [Self.event(at: 0.5, session: "w1", test: tagged), Self.event(at: 1.5, session: "w1")]
        let attributed = EventAttribution.byTimeWindow(events, tests: tests)
        #expect(attributed.map(\.test) == [tagged, nil])
    }
}
