import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// The classifier (`BaselineComparison(comparing:with:subset:)`), a pure function of a run's record
/// and the base's run, and the gate `failOn: new` reads from the record.
@Suite(.tags(.small))
struct BaselineComparisonTests {
    static let start = Date(timeIntervalSince1970: 1_795_238_400)

    static func test(_ id: String, _ outcome: TestOutcome, _ duration: Double = 0.2, retriedFrom: TestOutcome? = nil) -> TestResult {
        TestResult(
            id: TestID(id), framework: .xctest, outcome: outcome, duration: duration,
            messages: outcome.isFailure ? [TestMessage(kind: .failure, text: "\(id) failed")] : [],
            previousAttempts: retriedFrom.map { [TestAttempt(outcome: $0, duration: duration)] } ?? [])
    }

    static func record(_ tests: [TestResult], failOn: FailOn? = nil) -> RunRecord {
        var record = RunRecord(
            tool: ToolInfo(version: "test"), plan: PlanSummary(name: "plan", path: nil, package: "."),
            environment: RunEnvironment(host: "host", operatingSystem: "linux"), startedAt: start, duration: 1, tests: tests)
        record.failOn = failOn
        return record
    }

    static let source = BaselineSource(kind: .history, name: "main", match: .commit, commit: "1a2b3c4d5e", branch: "main", startedAt: start, run: 7)

    static func baseline(_ tests: [BaselineTest], loosely: Bool = false) -> Baseline {
        Baseline(source: source, tests: tests, matchesLoosely: loosely)
    }

    /// Every class at once: the base's results on the left, this run's on the right.
    @Test func eachTestIsClassedAgainstTheBase() {
        let base = Self.baseline([
            BaselineTest(id: TestID("M.S/testBroken"), outcome: .passed, duration: 0.2),
            BaselineTest(id: TestID("M.S/testKnown"), outcome: .failed, duration: 0.2),
            BaselineTest(id: TestID("M.S/testMended"), outcome: .error, duration: 0.2),
            BaselineTest(id: TestID("M.S/testWobbly"), outcome: .passed, duration: 0.2),
            BaselineTest(id: TestID("M.S/testSlow"), outcome: .passed, duration: 0.2, durations: [0.2, 0.25, 0.3]),
            BaselineTest(id: TestID("M.S/testSteady"), outcome: .passed, duration: 0.2),
            BaselineTest(id: TestID("M.S/testGone"), outcome: .passed, duration: 0.2),
            BaselineTest(id: TestID("M.S/testSkippedThere"), outcome: .skipped, duration: 0),
        ])
        let record = Self.record([
            Self.test("M.S/testBroken", .failed), Self.test("M.S/testKnown", .failed), Self.test("M.S/testMended", .passed),
            Self.test("M.S/testWobbly", .passed, retriedFrom: .failed), Self.test("M.S/testSlow", .passed, 0.9),
            Self.test("M.S/testSteady", .passed, 0.21), Self.test("M.S/testAdded", .passed), Self.test("M.S/testAddedBroken", .error),
            Self.test("M.S/testSkippedThere", .failed),
        ])
        let comparison = BaselineComparison(comparing: record, with: base, subset: nil)
        #expect(comparison.tests["M.S/testBroken"] == TestComparison(change: .newFailure, base: .passed))
        #expect(comparison.tests["M.S/testKnown"] == TestComparison(change: .stillFailing, base: .failed))
        #expect(comparison.tests["M.S/testMended"] == TestComparison(change: .fixed, base: .error))
        #expect(comparison.tests["M.S/testWobbly"] == TestComparison(change: .newlyFlaky, base: .passed))
        #expect(comparison.tests["M.S/testSlow"] == TestComparison(change: .slower, base: .passed, baseDuration: 0.25))
        #expect(comparison.tests["M.S/testSteady"] == nil, "it did as on the base")
        #expect(comparison.tests["M.S/testAdded"] == TestComparison(change: .newTest, base: nil))
        #expect(comparison.tests["M.S/testAddedBroken"] == TestComparison(change: .newFailure, base: nil), "a failing new test is a new failure")
        #expect(comparison.tests["M.S/testSkippedThere"] == TestComparison(change: .newFailure, base: .skipped))
        #expect(comparison.removed == ["M.S/testGone"] && comparison.notRun == 0)
        #expect(comparison.headline == "3 new failures, 1 fixed, 1 new test, 1 removed, 1 newly flaky, 1 much slower; 1 already failing on main")
    }

    /// A run of part of the tests did not remove the base's others: it did not run them.
    @Test func aPartOfTheTestsRemovesNothing() {
        let base = Self.baseline([
            BaselineTest(id: TestID("M.S/a"), outcome: .passed, duration: 0.1), BaselineTest(id: TestID("M.S/b"), outcome: .passed, duration: 0.1),
        ])
        let subset = CoverageSubset(selected: 1, planned: 2, reasons: [], shard: Shard(index: 1, count: 2))
        let comparison = BaselineComparison(comparing: Self.record([Self.test("M.S/a", .passed)]), with: base, subset: subset)
        #expect(comparison.removed.isEmpty && comparison.notRun == 1 && comparison.subset == subset)
        #expect(comparison.headline == "no new failures")
    }

    /// More than twice the base's median, beyond its slowest run there, and by a tenth of a second,
    /// over at least three runs there: one run says nothing of its spread.
    @Test func muchSlowerIsBeyondTheRecordedSpread() {
        #expect(BaselineComparison.isMuchSlower(1.0, than: [0.3, 0.2, 0.4]))
        #expect(!BaselineComparison.isMuchSlower(0.5, than: [0.3, 0.2, 0.4]), "less than twice")
        #expect(!BaselineComparison.isMuchSlower(1.0, than: [0.3, 0.3, 1.2]), "within the spread: a base run was slower")
        #expect(!BaselineComparison.isMuchSlower(0.005, than: [0.001, 0.001, 0.002]), "a few milliseconds is noise")
        #expect(!BaselineComparison.isMuchSlower(0.101, than: [0.001]), "one run there: no spread to be beyond")
        #expect(!BaselineComparison.isMuchSlower(1, than: []))
    }

    /// A JUnit file of another tool names a test by its class without the module, and splits a
    /// parameterized test into its argument cases: each is matched, and nothing new or removed is invented.
    @Test func anotherToolsJUnitIsMatchedByName() {
        let base = Self.baseline(
            [
                BaselineTest(id: TestID("ShopTests.testTotal"), outcome: .passed, duration: 0.1),
                BaselineTest(id: TestID("Shop.Cases/pays(_:) [1]"), outcome: .passed, duration: 0.1),
                BaselineTest(id: TestID("Shop.Cases/pays(_:) [2]"), outcome: .failed, duration: 0.1),
                BaselineTest(id: TestID("Elsewhere.Thing/testRefund"), outcome: .failed, duration: 0.1),
            ], loosely: true)
        let record = Self.record([
            Self.test("ShopTests.ShopTests/testTotal", .failed), Self.test("Shop.Cases/pays(_:)", .passed),
            Self.test("ShopTests.RefundTests/testRefund", .passed),
        ])
        let comparison = BaselineComparison(comparing: record, with: base, subset: nil)
        #expect(comparison.tests["ShopTests.ShopTests/testTotal"]?.change == .newFailure)
        #expect(comparison.tests["Shop.Cases/pays(_:)"]?.change == .fixed, "its cases together failed on the base")
        #expect(comparison.tests["ShopTests.RefundTests/testRefund"]?.change == .fixed, "matched by its name alone")
        #expect(comparison.removed.isEmpty, "\(comparison.removed)")
        // A history's run is Telltale's own: names match exactly or not at all.
        let exact = BaselineComparison(comparing: record, with: Self.baseline(base.tests), subset: nil)
        #expect(exact.tests["ShopTests.ShopTests/testTotal"]?.change == .newFailure && exact.tests["ShopTests.ShopTests/testTotal"]?.base == nil)
        #expect(exact.removed.count == 2)
    }

    /// `failOn: new`: a failure the base had too fails nothing; a new one, or a failing new test,
    /// fails the run; without a baseline every failure does; the default is any failure.
    @Test func failOnNewFailsOnlyOnWhatTheChangeBroke() {
        let base = Self.baseline([
            BaselineTest(id: TestID("M.S/known"), outcome: .failed, duration: 0.1),
            BaselineTest(id: TestID("M.S/fine"), outcome: .passed, duration: 0.1),
        ])
        func judged(_ tests: [TestResult], failOn: FailOn?, compared: Bool = true) -> Bool {
            var record = Self.record(tests, failOn: failOn)
            record.comparison = compared ? BaselineComparison(comparing: record, with: base, subset: nil) : .missing("none")
            return record.failed
        }
        let known = Self.test("M.S/known", .failed)
        #expect(!judged([known, Self.test("M.S/fine", .passed)], failOn: .new))
        #expect(judged([known, Self.test("M.S/fine", .failed)], failOn: .new))
        #expect(judged([known, Self.test("M.S/added", .failed)], failOn: .new), "a failing new test")
        #expect(judged([known], failOn: nil) && judged([known], failOn: .any), "the default: any failure")
        #expect(judged([known], failOn: .new, compared: false), "no baseline: nothing shows it is not new")
        var record = Self.record([known], failOn: .new)
        record.comparison = BaselineComparison(comparing: record, with: base, subset: nil)
        #expect(record.excusedByBaseline.map(\.id.rawValue) == ["M.S/known"])
    }

    /// run.json keeps the comparison and the gate, and a record written before them reads as before.
    @Test func runJSONKeepsItAndOldRecordsStillRead() throws {
        var record = Self.record([Self.test("M.S/known", .failed), Self.test("M.S/new", .failed)], failOn: .new)
        record.comparison = BaselineComparison(
            comparing: record, with: Self.baseline([BaselineTest(id: TestID("M.S/known"), outcome: .failed, duration: 0.1)]), subset: nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("BaselineComparisonTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.json").path
        try RunRecordFile.encode(record).write(to: URL(fileURLWithPath: path))
        let read = try RunRecordFile.read(path: path)
        #expect(read == record)
        #expect(
            read.failed && read.comparison?.baseline?.description.hasPrefix("main: the run of 1a2b3c4d on main from 2026-11-21 05:20 UTC") == true)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""failOn" : "new""#) && text.contains(#""change" : "stillFailing""#), "\(text)")
        #expect(text.hasPrefix("{\n  \"schemaVersion\" : 1,"), "optional fields: the schema version stays")
        // Written before the comparison existed: no `comparison`, no `failOn`.
        var old = Self.record([Self.test("M.S/known", .failed)])
        old.comparison = nil
        try RunRecordFile.encode(old).write(to: URL(fileURLWithPath: path))
        let oldRead = try RunRecordFile.read(path: path)
        #expect(oldRead.comparison == nil && oldRead.failOn == nil && oldRead.failed)
        #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("comparison"))
    }

    /// The shards' comparisons as a whole run's, until the merge compares the whole run itself.
    @Test func theShardsComparisonsMerge() {
        let shard = { (index: Int, tests: [String: TestComparison]) in
            BaselineComparison(
                baseline: Self.source, tests: tests, notRun: 2,
                subset: CoverageSubset(selected: 1, planned: 3, reasons: [], shard: Shard(index: index, count: 3)))
        }
        let merged = BaselineComparison.merging([
            shard(1, ["M.S/a": TestComparison(change: .newFailure, base: .passed)]),
            shard(2, ["M.S/b": TestComparison(change: .stillFailing, base: .failed)]), shard(3, [:]),
        ])
        #expect(merged?.tests.count == 2 && merged?.baseline == Self.source && merged?.notRun == 0)
        #expect(merged?.subset == nil, "every shard together is the whole run")
        #expect(merged?.headline == "1 new failure; 1 already failing on main")
        #expect(BaselineComparison.merging([]) == nil)
    }

    @Test func theCIsVariablesNameTheBase() {
        #expect(CIBaseEnvironment.detect([:]) == nil)
        #expect(CIBaseEnvironment.detect(["GITHUB_BASE_REF": ""]) == nil, "a push build sets it empty")
        let github = CIBaseEnvironment.detect(["GITHUB_BASE_REF": "main"])
        #expect(github?.branch == "main" && github?.commit == nil && github?.source == "GitHub's GITHUB_BASE_REF=main")
        let gitlab = CIBaseEnvironment.detect(["CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "develop", "CI_MERGE_REQUEST_DIFF_BASE_SHA": "abc123"])
        #expect(gitlab?.branch == "develop" && gitlab?.commit == "abc123")
        #expect(gitlab?.source == "GitLab's CI_MERGE_REQUEST_TARGET_BRANCH_NAME=develop and CI_MERGE_REQUEST_DIFF_BASE_SHA=abc123")
        let buildkite = CIBaseEnvironment.detect(["BUILDKITE_PULL_REQUEST_BASE_BRANCH": "trunk"])
        #expect(buildkite?.branch == "trunk" && buildkite?.source.hasPrefix("Buildkite's") == true)
        #expect(Set(CIBaseEnvironment.variableNames).count == 4)
    }
}
