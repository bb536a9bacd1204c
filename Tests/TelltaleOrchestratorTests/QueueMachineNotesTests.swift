import Foundation
import TelltaleHistory
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator
@testable import TelltaleQueue

/// What a queue machine and `queue report` say about their part and their wait, and how a
/// stalled history is said once.
@Suite(.tags(.small))
struct QueueMachineNotesTests {
    /// A queue machine says the tests are the build's, shared, not that it runs them all.
    @Test func aQueueMachineSaysItRunsTheBuildsTestsAsReserved() async {
        let output = ConsoleProgressTests.Output()
        let progress = ConsoleProgress(style: .lines, write: output.write)
        await progress.sharing(build: "b1")
        await progress.runStarting(testCount: 30)
        #expect(output.value == "running tests of build b1 as they are reserved (30 tests in the build, shared with its other machines)\n")
    }

    /// `queue report --wait 0.5` says how long it waited, not `0 s`.
    @Test func theWaitIsSaidAsItWas() {
        #expect(QueueBuildReport.waitedText(.milliseconds(500)) == "0.5 s")
        #expect(QueueBuildReport.waitedText(.seconds(3)) == "3.0 s")
        #expect(QueueBuildReport.waitedText(.seconds(600)) == "600 s")
    }

    /// The tests of the build that failed for good elsewhere make this machine's exit the
    /// build's; its own, and quarantined ones, do not count here.
    @Test func aMachineExitsWithTheBuildsVerdict() {
        func result(_ id: String, _ outcome: TestOutcome, on machine: String) -> TestResult {
            var result = TestResult(id: TestID(id), framework: .xctest, outcome: outcome)
            result.machine = machine
            return result
        }
        let final = [
            result("M.A/testMine", .failed, on: "m1"), result("M.A/testOther", .failed, on: "m2"),
            result("M.A/testQuarantined", .failed, on: "m2"), result("M.A/testFine", .passed, on: "m3"),
        ]
        let quarantine = QuarantineList([QuarantineEntry(test: "M.A/testQuarantined", reason: "r", owner: "o", until: "2999-12-31")])
        let failures = RunOrchestrator.failedElsewhere(final, ranHere: [TestID("M.A/testMine")], quarantine: quarantine)
        #expect(failures.map(\.id.rawValue) == ["M.A/testOther"])
        #expect(
            RunOrchestrator.verdictNotes(failures, build: "b1") == [
                "build b1 failed: 1 test(s) failed for good on other machines (M.A/testOther on m2); this machine exits with the build's verdict"
            ])
    }

    /// A call given up is a warning that says the history is used no more; the calls after it,
    /// which were not tried, say nothing more.
    @Test func aStalledHistoryIsSaidOnce() {
        var stalled = HistoryError(location: "postgres://ci@db/h", reason: "no answer within 2 s", hint: "stalled")
        stalled.stall = .thisCall
        #expect(
            RunHistory.warning(stalled, "scheduling without past durations")
                == "warning: history postgres://ci@db/h: no answer within 2 s; stalled (scheduling without past durations; the history is not used for the rest of this run)"
        )
        stalled.stall = .earlierCall
        #expect(RunHistory.warning(stalled, "no test counts as new") == nil)
        stalled.stall = nil
        #expect(
            RunHistory.warning(stalled, "no test counts as new")
                == "warning: history postgres://ci@db/h: no answer within 2 s; stalled (no test counts as new)")
    }
}
