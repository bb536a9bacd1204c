import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// Where each attempt ran, repetitions and order dependencies in the record: their JSON, the
/// processes read back, the suspects they show, and the verdict over repetitions.
@Suite(.tags(.small))
struct OrderRecordTests {
    static func placed(_ id: String, _ outcome: TestOutcome, process: String, position: Int, repetition: Int? = nil) -> TestResult {
        var result = TestResult(
            id: TestID(id), framework: .xctest, outcome: outcome,
            placement: TestPlacement(process: process, position: position, worker: 1, seed: 7))
        result.repetition = repetition
        return result
    }

    /// A result with `earlier` attempts before it.
    static func retried(_ last: TestResult, after earlier: [TestResult]) -> TestResult {
        var result = last
        result.previousAttempts = earlier.map(TestAttempt.init)
        return result
    }

    @Test func newFieldsRoundTripThroughRunJSON() throws {
        var result = Self.retried(
            Self.placed("M.C/testD", .passed, process: "s-w1/p2", position: 0, repetition: 2),
            after: [Self.placed("M.C/testD", .failed, process: "s-w1/p1", position: 3, repetition: 1)])
        result.repeats = TestRepeats(repetitions: 2, failedRepetitions: 0, runs: 2, failures: 1)
        result.orderDependency = OrderDependency(
            kind: .victim, verdict: .found, tests: [TestID("M.C/testA")], process: "s-w1/p1", predecessors: 3, runs: 3, seconds: 1.25,
            reproduce: "telltale run --filter '^M\\.C/testA$'")
        result.flakyCause = FlakyCause(kind: .orderDependent, evidence: "victim")
        let record = RunRecord(
            tool: ToolInfo(version: "0"), plan: PlanSummary(name: "p", path: nil, package: "."),
            environment: RunEnvironment(host: "h", operatingSystem: "linux"), startedAt: Date(timeIntervalSince1970: 0), duration: 1,
            tests: [result], order: RunOrder(seed: 12345, repetitions: 2))
        let decoded = try JSONValueDecoder().decode(RunRecord.self, from: try JSONValueEncoder().encode(record))
        #expect(decoded == record)
        #expect(decoded.order?.seed(ofRepetition: 2) == 12346)
    }

    @Test func processesAreReadBackInTheOrderTheirTestsStarted() {
        let results = [
            Self.placed("M.C/testB", .passed, process: "p1", position: 1),
            Self.retried(
                Self.placed("M.C/testD", .passed, process: "p2", position: 0), after: [Self.placed("M.C/testD", .failed, process: "p1", position: 3)]),
            Self.placed("M.C/testA", .passed, process: "p1", position: 0),
            Self.placed("M.C/testC", .passed, process: "p1", position: 2),
        ]
        let order = ProcessOrder(results)
        #expect(order.processes == ["p1", "p2"])
        #expect(order.tests(in: "p1").map(\.rawValue) == ["M.C/testA", "M.C/testB", "M.C/testC", "M.C/testD"])
        #expect(order.predecessors(in: "p1", before: 3).map(\.rawValue) == ["M.C/testA", "M.C/testB", "M.C/testC"])

        let suspects = OrderSuspect.find(in: results)
        #expect(
            suspects == [
                OrderSuspect(
                    test: TestID("M.C/testD"), framework: .xctest, kind: .victim, process: "p1",
                    predecessors: ["M.C/testA", "M.C/testB", "M.C/testC"].map(TestID.init))
            ])
    }

    /// Failed alone (its retry too), passed after others in another repetition: brittle.
    @Test func aTestThatFailedAloneAndPassedAfterOthersIsASuspectedBrittleTest() {
        let brittle = Self.retried(
            Self.placed("M.C/testF", .passed, process: "p3", position: 1, repetition: 2),
            after: [
                Self.placed("M.C/testF", .failed, process: "p1", position: 0, repetition: 1),
                Self.placed("M.C/testF", .failed, process: "p2", position: 0, repetition: 1),
            ])
        let setter = Self.placed("M.C/testE", .passed, process: "p3", position: 0, repetition: 2)
        let suspects = OrderSuspect.find(in: [brittle, setter])
        #expect(suspects.map(\.kind) == [.brittle] && suspects.first?.predecessors == [TestID("M.C/testE")])
    }

    /// Failing after others and alone too is no order dependency; nor is passing throughout.
    @Test func noSuspectWithoutBothSides() {
        let failing = Self.retried(
            Self.placed("M.C/testX", .failed, process: "p2", position: 0), after: [Self.placed("M.C/testX", .failed, process: "p1", position: 2)])
        #expect(OrderSuspect.find(in: [failing, Self.placed("M.C/testA", .passed, process: "p1", position: 0)]).isEmpty)
    }

    /// A repetition that ended failing fails the test, whatever the last one did; the tally counts every run.
    @Test func aRepetitionThatFailedFailsTheTest() {
        let result = Self.retried(
            Self.placed("M.C/t", .passed, process: "p4", position: 0, repetition: 3),
            after: [
                Self.placed("M.C/t", .passed, process: "p1", position: 0, repetition: 1),
                Self.placed("M.C/t", .failed, process: "p2", position: 0, repetition: 2),
                Self.placed("M.C/t", .failed, process: "p3", position: 0, repetition: 2),
            ])
        let judged = result.judgedOverRepetitions(3)
        #expect(judged.repeats == TestRepeats(repetitions: 3, failedRepetitions: 1, runs: 4, failures: 2))
        #expect(judged.outcome == .failed)
        #expect(judged.messages.first?.text == "failed 2 of 4 runs (50%) over 3 repetitions, 1 ending failed")
        #expect(result.judgedOverRepetitions(1) == result, "one repetition: nothing to judge")
    }

    /// Passed on a retry in each repetition that failed: flaky, and it passes the run.
    @Test func retriesThatPassKeepAPass() {
        let result = Self.retried(
            Self.placed("M.C/t", .passed, process: "p3", position: 0, repetition: 2),
            after: [
                Self.placed("M.C/t", .failed, process: "p1", position: 2, repetition: 1),
                Self.placed("M.C/t", .passed, process: "p2", position: 0, repetition: 1),
            ])
        let judged = result.judgedOverRepetitions(2)
        #expect(judged.outcome == .passed && judged.isFlaky)
        #expect(judged.repeats?.percentText == "33%")
    }
}
