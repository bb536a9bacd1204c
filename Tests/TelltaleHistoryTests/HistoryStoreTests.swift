import Foundation
import Synchronization
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// The history against both stores: a real SQLite file in a fresh folder, and a fresh
/// database in a real PostgreSQL cluster, per test.
@Suite(.tags(.medium))
struct HistoryStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("HistoryStoreTests-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent(".telltale/history.sqlite").path }

    static func run(
        _ number: Int, _ tests: [TestResult], commit: String? = "c0ffee", dirty: Bool = false
    ) -> RunRecord {
        RunRecord(
            tool: ToolInfo(version: "test"), plan: PlanSummary(name: "plan", path: nil, package: "."),
            environment: RunEnvironment(host: "host", operatingSystem: "linux", gitCommit: commit, gitDirty: dirty),
            startedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(number) * 60), duration: Double(number), tests: tests
        )
    }

    static func test(_ id: String, _ outcome: TestOutcome = .passed, _ duration: Double = 1, retriedFrom: TestOutcome? = nil) -> TestResult {
        TestResult(
            id: TestID(id), framework: .xctest, outcome: outcome, duration: duration,
            previousAttempts: retriedFrom.map { [TestAttempt(outcome: $0, duration: duration)] } ?? [], worker: 1
        )
    }

    /// Two runs started together on a new history both open it: each migrates, and the one
    /// that finds a migration the other has just applied reads again rather than failing.
    @Test func twoStoresOpeningANewHistoryAtOnceBothMigrate() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 0..<20 {
            let path = folder.appendingPathComponent("round-\(round)/history.sqlite").path
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do {
                    _ = try HistoryStore(path: path)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
        }
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func aNewHistoryRecordsEveryTest(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            #expect(try await store.runCount() == 0)
            let added = try await store.record(Self.run(1, [Self.test("A.S/a"), Self.test("A.S/b", .failed, 2)]))
            #expect(added)
            #expect(try await store.runCount() == 1)
            #expect(try await store.durations() == ["A.S/a": 1, "A.S/b": 2])
        }
    }

    @Test func aNewHistoryFileComesWithAGitignore() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try HistoryStore(path: path)
        let ignore = try String(contentsOf: folder.appendingPathComponent(".telltale/.gitignore"), encoding: .utf8)
        #expect(ignore.contains("*"))
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func theSameRunIsRecordedOnce(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            let record = Self.run(1, [Self.test("A.S/a")])
            #expect(try await store.record(record, source: .import))
            #expect(try await store.record(record, source: .import) == false)
            #expect(try await store.runCount() == 1)
        }
    }

    /// Two runs of one plan on one host that started in the same millisecond (a full test run
    /// on CI did this) are two runs.
    @Test(arguments: HistoryStoreKind.allCases)
    func twoRunsStartedInTheSameMillisecondAreBothRecorded(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            var first = Self.run(1, [Self.test("A.S/a")])
            first.duration = 7.132
            var second = first
            second.duration = 7.089
            #expect(try await store.record(first))
            #expect(try await store.record(second))
            #expect(try await store.runCount() == 2)
        }
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func durationsAreMediansOfEachTestsRecentResultsSkipsAside(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            for (number, seconds) in [1.0, 9.0, 2.0, 3.0, 100.0].enumerated() {
                try await store.record(Self.run(number, [Self.test("A.S/a", .passed, seconds), Self.test("A.S/b", .skipped, 0)]))
            }
            // The last three results of `a`: 2, 3 and 100.
            #expect(try await store.durations(window: 3) == ["A.S/a": 3])
            #expect(try await store.durations()["A.S/a"] == 3)
            #expect(try await store.durations()["A.S/b"] == nil)
        }
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func aTestIsFlakyWhenARetryPassedOrTheSameCleanCommitPassed(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            // Run 1: `retried` fails then passes. Runs 1–2 of commit c1: `contradicted` fails once, passes once.
            // Runs 3–4 of c2, dirty: `dirty` fails then passes, but uncommitted changes may explain it.
            // `broken` fails every time: broken, not flaky.
            try await store.record(
                Self.run(
                    1,
                    [
                        Self.test("A.S/retried", .passed, retriedFrom: .failed), Self.test("A.S/contradicted", .failed),
                        Self.test("A.S/broken", .failed),
                    ], commit: "c1"))
            try await store.record(Self.run(2, [Self.test("A.S/contradicted"), Self.test("A.S/broken", .failed)], commit: "c1"))
            try await store.record(Self.run(3, [Self.test("A.S/dirty", .failed)], commit: "c2", dirty: true))
            try await store.record(Self.run(4, [Self.test("A.S/dirty")], commit: "c2", dirty: true))
            let scores = try await store.flakyScores()
            #expect(scores.map(\.testID) == ["A.S/retried", "A.S/contradicted"])
            #expect(scores.map(\.rate) == [1, 0.5])
            #expect(try await store.flakyScores(window: 2).isEmpty)
        }
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func theDigestHasTheTrendEachTestsStripAndSlowerThanUsual(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            for number in 0..<6 {
                try await store.record(Self.run(number, [Self.test("A.S/steady", .passed, 1), Self.test("A.S/slow", .passed, 1)]))
            }
            let now = Self.run(6, [Self.test("A.S/steady", .failed, 1.1), Self.test("A.S/slow", .passed, 2.5)])
            try await store.record(now)
            let digest = try await store.digest(for: now, window: 5)
            #expect(digest.runs.count == 5)
            #expect(digest.runs.last?.failed == 1)
            #expect(digest.tests["A.S/steady"]?.outcomes == [.passed, .passed, .passed, .passed, .failed])
            #expect(digest.tests["A.S/steady"]?.slowerThanUsual == false)
            // 2.5 s against a usual 1 s over at least five earlier runs: but the window holds only four earlier runs.
            #expect(digest.tests["A.S/slow"]?.slowerThanUsual == false)
            let wide = try await store.digest(for: now, window: 30)
            #expect(wide.tests["A.S/slow"]?.usualDuration == 1)
            #expect(wide.tests["A.S/slow"]?.slowerThanUsual == true)
            #expect(wide.slowerThanUsual.map(\.id) == ["A.S/slow"])
        }
    }

    @Test func aDamagedFileIsAClearErrorNotACrash() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".telltale"), withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: HistoryError.self) { try HistoryStore(path: path) }
        #expect(error?.description.contains("damaged or not a Telltale history") == true)
        #expect(error?.description.contains(path) == true)
    }

    /// Twenty runs recording at once through two stores on one history, their tests the same
    /// 500: none is lost (SQLite: WAL and a busy timeout; PostgreSQL: tests inserted in key
    /// order, a transaction rolled back for a conflict run again).
    @Test(arguments: HistoryStoreKind.allCases)
    func twoStoresOnOneHistoryRecordAtOnceAndEveryRunIsKept(kind: HistoryStoreKind) async throws {
        let location = try await kind.freshLocation("concurrent")
        defer { HistoryStoreKind.remove(location) }
        let tests = (0..<500).map { Self.test("A.S/t\($0)") }
        try await HistoryStoreKind.withStore(at: location) { first throws in
            try await HistoryStoreKind.withStore(at: location) { second throws in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for number in 0..<20 {
                        let store = number % 2 == 0 ? first : second
                        group.addTask { try await store.record(Self.run(number, tests.shuffled())) }
                    }
                    try await group.waitForAll()
                }
            }
            #expect(try await first.runCount() == 20)
            #expect(try await first.durations().count == 500)
            #expect(try await first.recentRuns().allSatisfy { $0.tests == 500 })
        }
    }

    /// A JUnit import knows a test by its key only; the run's own record then names it fully.
    @Test(arguments: HistoryStoreKind.allCases)
    func aRunsOwnRecordRenamesATestAnImportNamedByItsKey(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            try await store.record(Self.run(1, [Self.test("A.Outer.Inner/t", .passed, retriedFrom: .failed)]), source: .import)
            #expect(try await store.flakyScores().map(\.testID) == ["A.Outer.Inner/t"])
            try await store.record(Self.run(2, [Self.test("A.Outer/Inner/t")]))
            #expect(try await store.flakyScores().map(\.testID) == ["A.Outer/Inner/t"])
            #expect(try await store.durations().keys.sorted() == ["A.Outer.Inner/t"])
        }
    }
}

extension HistoryStoreTests {
    /// run.json keeps milliseconds: importing a recorded run's run.json must find the run.
    @Test(arguments: HistoryStoreKind.allCases)
    func aRunAndItsRunJSONReadBackAreOneRun(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            var record = Self.run(1, [Self.test("A.S/a")])
            record.startedAt = Date(timeIntervalSince1970: 1_790_000_000.123_456_7)
            #expect(try await store.record(record))
            record.startedAt = Date(timeIntervalSince1970: 1_790_000_000.123)
            #expect(try await store.record(record, source: .import) == false)
        }
    }
}

extension HistoryStoreTests {
    @Test(arguments: HistoryStoreKind.allCases)
    func lastRunsFailuresComeFirstThenFlakyTests(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            // `fixed` failed on c1 and passed on c2: fixed, not flaky.
            try await store.record(
                Self.run(1, [Self.test("A.S/flaky", .passed, retriedFrom: .failed), Self.test("A.S/fixed", .failed)], commit: "c1"))
            try await store.record(
                Self.run(2, [Self.test("A.S/broken", .error), Self.test("A.S/fixed"), Self.test("A.S/flaky")], commit: "c2"))
            #expect(try await store.feedbackPriorities() == ["A.S/broken": 0, "A.S/flaky": 1])
        }
    }
}

/// Each run's line coverage, kept for the reports' trend; coverage maps.
@Suite(.tags(.medium))
struct HistoryCoverageTests {
    @Test(arguments: HistoryStoreKind.allCases)
    func eachRunsLineCoverageComesBackInTheTrend(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            var measured = HistoryStoreTests.run(1, [HistoryStoreTests.test("A.S/a")])
            measured.coverage = CoverageSummary(root: "/repo", lines: CoverageCount(covered: 17, total: 20), functions: CoverageCount())
            try await store.record(measured)
            try await store.record(HistoryStoreTests.run(2, [HistoryStoreTests.test("A.S/a")]))
            let runs = try await store.recentRuns()
            #expect(runs.map(\.coverage) == [CoverageCount(covered: 17, total: 20), nil])
        }
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func theNewestCoverageMapIsReadBackAndOnlyTheLastFewAreKept(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            #expect(try await store.latestCoverageMap() == nil)
            for number in 1...(HistoryStore.keptCoverageMaps + 2) {
                // Bytes of every value, as a map's binary form has.
                let bytes = Data("map \(number)".utf8) + Data((0...255).map { UInt8($0) })
                let added = try await store.saveCoverageMap(
                    bytes, recordedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(number)), commit: "c\(number)", tests: number)
                #expect(added)
            }
            let last = Data("map 5".utf8) + Data((0...255).map { UInt8($0) })
            // The same bytes again (an import of a map already kept) are not a new map.
            #expect(try await store.saveCoverageMap(last, recordedAt: Date(), commit: "c5", tests: 5) == false)
            let latest = try #require(try await store.latestCoverageMap())
            #expect(latest.data == last && latest.commit == "c5" && latest.tests == 5)
            #expect(latest.recordedAt == Date(timeIntervalSince1970: 1_790_000_005))
            #expect(try await store.coverageMapCount() == HistoryStore.keptCoverageMaps)
        }
    }
}

/// `--stress-new`: what the history knows of each test.
@Suite(.tags(.medium))
struct HistoryStressTests {
    /// A test recorded only failing (one that arrived flaky, say) is still new: only a pass settles it.
    @Test(arguments: HistoryStoreKind.allCases)
    func testsThatPassedAreThoseWithAPassingResult(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            #expect(try await store.testsThatPassed().isEmpty)
            try await store.record(
                HistoryStoreTests.run(
                    1, [HistoryStoreTests.test("A.S/a"), HistoryStoreTests.test("A.S/b", .failed), HistoryStoreTests.test("A.c()")]))
            try await store.record(
                HistoryStoreTests.run(2, [HistoryStoreTests.test("A.S/b", .failed), HistoryStoreTests.test("A.S/d", .skipped)]))
            #expect(try await store.testsThatPassed() == ["A.S/a", "A/c()"])
        }
    }

    /// Flaky on arrival (recorded failed, with passing attempts) counts as a flaky run.
    @Test(arguments: HistoryStoreKind.allCases)
    func aTestWhoseAttemptsBothPassedAndFailedIsFlakyWhateverItsOutcome(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            var arrived = HistoryStoreTests.test("A.S/arrived", .failed)
            arrived.previousAttempts = [TestAttempt(outcome: .passed, duration: 1), TestAttempt(outcome: .failed, duration: 1)]
            var stable = HistoryStoreTests.test("A.S/stable")
            stable.previousAttempts = [TestAttempt(outcome: .passed, duration: 1)]
            try await store.record(HistoryStoreTests.run(1, [arrived, stable]))
            #expect(try await store.flakyScores().map(\.testID) == ["A.S/arrived"])
        }
    }
}
