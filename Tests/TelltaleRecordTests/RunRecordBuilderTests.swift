import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@testable import TelltaleRecord

/// The one road to a record: every step, in its order, on raw results as a run, a merge or a
/// queue build hands them over.
@Suite(.tags(.small))
struct RunRecordBuilderTests {
    static let context = RecordContext(
        toolVersion: "0.1.0", plan: PlanSummary(name: "p", path: nil, package: "."),
        environment: RunEnvironment(host: "m1", operatingSystem: "Linux"), startedAt: Date(timeIntervalSince1970: 0), duration: 3,
        today: ISO8601DateFormatter().date(from: "2026-11-27T00:00:00Z")!)

    static func result(_ id: String, _ outcome: TestOutcome, attempts: [TestOutcome] = [], file: String? = nil) -> TestResult {
        var result = TestResult(id: TestID(id), framework: .xctest, outcome: outcome, duration: 0.1)
        result.previousAttempts = attempts.map { outcome in
            var attempt = TestAttempt(TestResult(id: TestID(id), framework: .xctest, outcome: outcome, duration: 0.1))
            attempt.placement = TestPlacement(process: "r-w1/p1", position: 0, worker: 1)
            return attempt
        }
        result.placement = TestPlacement(process: "r-w1/p2", position: 0, worker: 1)
        if let file {
            result.location = SourceLocation(file: file, line: 3, column: 1)
            result.messages = [TestMessage(kind: .failure, text: "x", location: SourceLocation(file: file, line: 9, column: 1))]
        }
        return result
    }

    /// A test that was to run and has no result is an error naming it, never a note with exit 0;
    /// a test with two results keeps its last.
    @Test func everyTestThatWasToRunIsAccountedForOnce() {
        let raw = RawRun(
            results: [Self.result("M.A/one", .failed), Self.result("M.A/two", .passed), Self.result("M.A/one", .passed)],
            expected: ["M.A/one", "M.A/two", "M.B/lost"].map { ExpectedTest(id: TestID($0), framework: .xctest) })
        let record = RunRecordBuilder.build(raw, rules: RecordRules(), context: Self.context)
        #expect(record.tests.map(\.id.rawValue) == ["M.A/one", "M.A/two", "M.B/lost"])
        #expect(record.tests[0].outcome == .passed)
        #expect(record.tests[2].outcome == .error)
        #expect(record.tests[2].messages.first?.text.contains("no result was recorded") == true)
        #expect(record.failed, "a lost test fails the record")
        #expect(record.notes.contains { $0.hasPrefix("1 test(s) that were to run have no result, each an error: M.B/lost") }, "\(record.notes)")
        #expect(record.notes.contains { $0.hasPrefix("1 result(s) repeated a test's id") })
    }

    /// Quarantine marks the final outcome: a failure it names does not fail the record.
    @Test func aQuarantinedFailureDoesNotFailTheRecord() {
        let raw = RawRun(results: [Self.result("M.A/broken", .failed), Self.result("M.A/fine", .passed)])
        let rules = RecordRules(quarantine: QuarantineList([QuarantineEntry(test: "M.A/broken", reason: "r", owner: "o", until: "2099-01-01")]))
        let record = RunRecordBuilder.build(raw, rules: rules, context: Self.context)
        #expect(record.tests[0].quarantine != nil)
        #expect(!record.failed)
        #expect(RunRecordBuilder.build(raw, rules: RecordRules(), context: Self.context).failed)
    }

    /// Flaky causes are read from the attempts, each on the machine that ran it; a result that
    /// has its cause (a shard's) keeps it.
    @Test func aFlakyResultGetsItsCauseOnceAndKeepsOneItHas() {
        let flaky = Self.result("M.A/flaky", .passed, attempts: [.failed])
        let record = RunRecordBuilder.build(RawRun(results: [flaky]), rules: RecordRules(), context: Self.context)
        let cause = try? #require(record.tests.first?.flakyCause)
        #expect(cause != nil)
        var shards = flaky
        shards.flakyCause = FlakyCause(kind: .workerSpecific, evidence: "kept")
        #expect(
            RunRecordBuilder.build(RawRun(results: [shards]), rules: RecordRules(), context: Self.context).tests.first?.flakyCause?.evidence == "kept"
        )
    }

    /// Stress before quarantine: a stressed test flaky on arrival fails, and an entry naming it excuses that.
    @Test func stressIsJudgedBeforeQuarantine() {
        let stressed = Self.result("M.A/new", .passed, attempts: [.passed, .failed])
        let raw = RawRun(results: [stressed], stress: StressJudgement(reasons: [TestID("M.A/new"): ["new"]], extraRuns: 2, reportOnly: false))
        let judged = RunRecordBuilder.build(raw, rules: RecordRules(), context: Self.context)
        #expect(judged.tests.first?.outcome == .failed, "flaky on arrival")
        let rules = RecordRules(quarantine: QuarantineList([QuarantineEntry(test: "M.A/new", reason: "r", owner: "o", until: "2099-01-01")]))
        let excused = RunRecordBuilder.build(raw, rules: rules, context: Self.context)
        #expect(excused.tests.first?.outcome == .failed && excused.tests.first?.quarantine != nil && !excused.failed)
    }

    /// The end-of-run analytics checks: a test not checked as it ended gets its failures; one
    /// checked at its end keeps its own verdict (its result already carries it).
    @Test func analyticsChecksFailTheTestsNotCheckedAtTheirEnd() throws {
        let verifier = try Verifier(expectations: [
            TestExpectations(.id("M.A/sends"), events: [EventExpectation(EventSpec(name: "purchase"))]),
            TestExpectations(.id("M.A/checked"), events: [EventExpectation(EventSpec(name: "purchase"))]),
        ])
        let checked = TestVerification(test: TestID("M.A/checked"), eventCount: 0)
        let raw = RawRun(
            results: [Self.result("M.A/sends", .passed), Self.result("M.A/checked", .passed)], checkedAtEnd: [TestID("M.A/checked"): checked])
        let record = RunRecordBuilder.build(raw, rules: RecordRules(verifier: verifier), context: Self.context)
        #expect(record.tests[0].outcome == .failed, "\(record.tests[0].messages)")
        #expect(record.tests[1].outcome == .passed)
        #expect(record.verification != nil)
    }

    /// Another checkout's source paths (a shard's, a queue machine's) are moved under this one's.
    @Test func pathsOfOtherCheckoutsAreMovedUnderThisOne() {
        var raw = RawRun(results: [
            Self.result("M.A/m2", .failed, file: "/runner/m2/App/Tests/A.swift"), Self.result("M.A/here", .failed, file: "/work/App/Tests/B.swift"),
            Self.result("M.A/elsewhere", .failed, file: "/usr/lib/x.swift"),
        ])
        raw.otherRoots = ["/runner/m2/App", "/work/App"]
        let record = RunRecordBuilder.build(raw, rules: RecordRules(packageRoot: "/work/App"), context: Self.context)
        #expect(record.tests.map { $0.location?.file } == ["/work/App/Tests/A.swift", "/work/App/Tests/B.swift", "/usr/lib/x.swift"])
        #expect(record.tests[0].messages.first?.location?.file == "/work/App/Tests/A.swift")
    }

    @Test func theStepsRunInTheirOneOrder() {
        #expect(
            RecordStep.standard.map(\.name) == [
                "account for every test", "attribute events", "check analytics", "explain flakiness", "judge stress", "judge repetitions",
                "quarantine", "reroot paths",
            ])
    }
}
