import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct TimeLimitsTests {
    let start = Date(timeIntervalSince1970: 1000)
    let slow = TestID("M.C/testSlow")

    @Test func testTimeoutNamesTheTestAndTheLimit() {
        let limits = TimeLimits(settings: [slow: TestSettings(timeout: .seconds(2))], defaults: TestSettings(), testingStarted: start)
        #expect(limits.violation(of: slow, startedAt: start, now: start.addingTimeInterval(1.9)) == nil)
        #expect(
            limits.violation(of: slow, startedAt: start, now: start.addingTimeInterval(2.1))
                == "M.C/testSlow did not finish within its timeout of 2s and was killed")
        #expect(limits.violation(of: TestID("M.C/other"), startedAt: start, now: start.addingTimeInterval(99)) == nil)
    }

    @Test func budgetCountsFromTheStartOfTesting() {
        let limits = TimeLimits(settings: [:], defaults: TestSettings(budget: .seconds(90)), testingStarted: start)
        let late = start.addingTimeInterval(91)
        #expect(limits.violation(of: slow, startedAt: late, now: late)?.contains("time budget of 1m30s ran out") == true)
        #expect(limits.budgetSpent(for: slow, now: late)?.hasPrefix("not run:") == true)
        #expect(limits.budgetSpent(for: slow, now: start.addingTimeInterval(10)) == nil)
        #expect(limits.anyLimit(in: [slow]))
        #expect(!TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: start).anyLimit(in: [slow]))
    }
}
