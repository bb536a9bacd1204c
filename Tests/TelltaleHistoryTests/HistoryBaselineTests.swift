import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// `HistoryStore.baseline`: the newest clean run of the base commit, else of the base branch,
/// with each test's durations over the base's recent runs, in both stores.
@Suite(.tags(.medium))
struct HistoryBaselineTests {
    static func run(
        _ number: Int, _ tests: [TestResult], commit: String?, branch: String?, dirty: Bool = false, shard: Shard? = nil
    ) -> RunRecord {
        var record = HistoryStoreTests.run(number, tests, commit: commit, dirty: dirty)
        record.environment.gitBranch = branch
        record.shard = shard
        return record
    }

    static func test(_ id: String, _ outcome: TestOutcome = .passed, _ duration: Double = 1, retriedFrom: TestOutcome? = nil) -> TestResult {
        HistoryStoreTests.test(id, outcome, duration, retriedFrom: retriedFrom)
    }

    /// Main's runs of commits m1 and m2, a feature branch's run, a dirty run of m2 and a shard of
    /// m2 after them: the base commit's newest clean run is found first; without a run of the
    /// commit, the branch's newest; with neither, none.
    @Test(arguments: HistoryStoreKind.allCases)
    func theNewestCleanRunOfTheCommitElseOfTheBranch(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            #expect(try await store.baseline(commit: "m1", branch: "main") == nil, "an empty history")
            try await store.record(Self.run(1, [Self.test("A.S/a"), Self.test("A.S/b", .failed)], commit: "m1", branch: "main"))
            try await store.record(Self.run(2, [Self.test("A.S/a"), Self.test("A.S/b", .failed)], commit: "m1", branch: "main"))
            try await store.record(
                Self.run(3, [Self.test("A.S/a", .passed, retriedFrom: .failed), Self.test("A.S/b")], commit: "m2", branch: "main"))
            try await store.record(Self.run(4, [Self.test("A.S/a", .failed), Self.test("A.S/c")], commit: "f1", branch: "feature"))
            try await store.record(Self.run(5, [Self.test("A.S/a", .failed)], commit: "m2", branch: "main", dirty: true))
            try await store.record(Self.run(6, [Self.test("A.S/a", .failed)], commit: "m2", branch: "main", shard: Shard(index: 1, count: 2)))

            let ofCommit = try #require(try await store.baseline(commit: "m1", branch: "main"))
            #expect(ofCommit.source.match == .commit && ofCommit.source.commit == "m1" && ofCommit.source.branch == "main")
            #expect(ofCommit.source.startedAt == HistoryStoreTests.run(2, [], commit: nil).startedAt, "the newer of m1's two runs")
            #expect(ofCommit.source.kind == .history && ofCommit.source.name == "main" && ofCommit.source.tests == 2)
            #expect(Dictionary(uniqueKeysWithValues: ofCommit.tests.map { ($0.id.rawValue, $0.outcome) }) == ["A.S/a": .passed, "A.S/b": .failed])

            // No run of m9: main's newest clean run, m2's, not the dirty one or the shard after it.
            let ofBranch = try #require(try await store.baseline(commit: "m9", branch: "main"))
            #expect(ofBranch.source.match == .branch && ofBranch.source.commit == "m2")
            let a = try #require(ofBranch.tests.first { $0.id.rawValue == "A.S/a" })
            #expect(a.flaky && a.outcome == .passed)
            #expect(try await store.baseline(commit: "m2", branch: nil)?.source.commit == "m2", "the commit alone")
            #expect(try await store.baseline(commit: nil, branch: "feature")?.source.commit == "f1", "the branch alone")
            #expect(try await store.baseline(commit: "m9", branch: "release") == nil)
            #expect(try await store.baseline(commit: nil, branch: nil) == nil)
        }
    }

    /// Each test's spread: its durations over the base branch's runs up to the baseline, newest
    /// first, skips aside; not the runs after it, nor another branch's.
    @Test(arguments: HistoryStoreKind.allCases)
    func eachTestsSpreadIsTheBaseBranchsRunsUpToIt(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore { store throws in
            for (number, seconds) in [0.2, 0.3, 0.25].enumerated() {
                try await store.record(
                    Self.run(number, [Self.test("A.S/a", .passed, seconds), Self.test("A.S/s", .skipped, 0)], commit: "m\(number)", branch: "main"))
            }
            try await store.record(Self.run(3, [Self.test("A.S/a", .passed, 9)], commit: "f1", branch: "feature"))
            try await store.record(Self.run(4, [Self.test("A.S/a", .passed, 7)], commit: "m4", branch: "main"))
            let baseline = try #require(try await store.baseline(commit: "m2", branch: "main", spread: 10))
            #expect(baseline.tests.first { $0.id.rawValue == "A.S/a" }?.durations == [0.25, 0.3, 0.2])
            #expect(baseline.tests.first { $0.id.rawValue == "A.S/s" }?.durations == [0], "a test skipped in every run: its own duration")
            let narrow = try #require(try await store.baseline(commit: "m2", branch: "main", spread: 2))
            #expect(narrow.tests.first { $0.id.rawValue == "A.S/a" }?.durations == [0.25, 0.3])
        }
    }
}
