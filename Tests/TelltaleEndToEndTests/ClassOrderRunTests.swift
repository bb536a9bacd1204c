import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `Tests/Fixtures/ClassOrderFixture`: XCTest classes whose verdicts depend on their order (a
/// brittle test after its state-setter passes, a victim after its polluter fails). `swift test`
/// runs each class in one process, in its order; so does Telltale, with any number of workers,
/// with CI shards and in queue mode, so every test gets `swift test`'s verdict. (Handed out one
/// test at a time, 2 workers failed the brittle test and passed the victim.) A shuffled run hands
/// a class's tests out one by one, which is what it is for.
@Suite(.tags(.large), .serialized)
struct ClassOrderRunTests {
    static let fixture = "ClassOrderFixture"
    static let brittle = "ClassOrderTests.AccountTests/test6Checkout"
    static let victim = "ClassOrderTests.CacheTests/test5ReadsCache"

    /// `swift test`'s verdicts, once (the victim fails, everything else passes).
    static func swiftTest() async throws -> [String: [String]] {
        let verdicts = try await FixtureRuns.shared.withBuilt(fixture: fixture) {
            try await SwiftTestVerdicts.collect(packagePath: FixtureRuns.package(fixture))
        }
        #expect(verdicts["CacheTests/test5ReadsCache"] == ["failed"], "\(verdicts)")
        #expect(verdicts["AccountTests/test6Checkout"] == ["passed"], "\(verdicts)")
        #expect(verdicts.values.joined().count == 22)
        return verdicts
    }

    /// Each class's tests ran in one process, in the class's order.
    static func expectWholeClasses(_ record: RunRecord, _ how: String) {
        for test in record.tests where test.framework == .xctest {
            let siblings = record.tests.filter { $0.id.suiteName == test.id.suiteName }
            #expect(Set(siblings.map { $0.placement?.process }).count == 1, "\(how): \(test.id.suiteName) ran in several processes")
            let order = siblings.sorted { ($0.placement?.position ?? 0) < ($1.placement?.position ?? 0) }.map(\.id)
            #expect(order == siblings.map(\.id).sorted(), "\(how): \(test.id.suiteName) ran out of its order")
        }
    }

    @Test(arguments: [1, 2, 4])
    func aPlainRunGivesSwiftTestsVerdicts(workers: Int) async throws {
        let swiftTest = try await Self.swiftTest()
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture, extraArguments: ["--workers", "\(workers)"])
        #expect(run.process.status == 1, "the victim fails: \(run.process.stderr.suffix(2000))")
        let record = try #require(run.record)
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest, "\(workers) workers")
        Self.expectWholeClasses(record, "\(workers) workers")
    }

    /// Three CI shards, merged: each class ran whole on one shard, and the build's verdicts are
    /// `swift test`'s.
    @Test func threeShardsGiveSwiftTestsVerdicts() async throws {
        let swiftTest = try await Self.swiftTest()
        let folder = try TelltaleProcess.temporaryDirectory("class-order-shards")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            for index in 1...3 {
                let shard = try await TelltaleProcess.run([
                    "run", "--package", "Tests/Fixtures/\(Self.fixture)", "--skip-build", "--shard", "\(index)/3", "--workers", "2",
                    "--report-dir", "\(folder)/shard-\(index)",
                ])
                #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
            }
        }
        let merge = try await TelltaleProcess.run(["merge"] + (1...3).map { "\(folder)/shard-\($0)" } + ["--out", "\(folder)/merged"])
        #expect(merge.status == 1, "the victim fails: \(merge.stderr)")
        let record = try RunRecordFile.read(path: "\(folder)/merged/run.json")
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest)
        Self.expectWholeClasses(record, "three shards")
    }

    /// Two machines share a build in queue mode: the build's verdicts, and each machine's, are
    /// `swift test`'s.
    @Test func queueModeGivesSwiftTestsVerdicts() async throws {
        let swiftTest = try await Self.swiftTest()
        let database = try await PostgresCluster.shared.database("e2e_class_order")
        let folder = try TelltaleProcess.temporaryDirectory("class-order-queue")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            let runs = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
                for machine in ["q1", "q2"] {
                    group.addTask {
                        try await TelltaleProcess.run([
                            "run", "--package", "Tests/Fixtures/\(Self.fixture)", "--skip-build", "--workers", "2", "--queue", database.url(),
                            "--build", "class-order", "--machine", machine, "--report-dir", "\(folder)/\(machine)",
                        ])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(runs.map(\.status).sorted() == [0, 1] || runs.map(\.status) == [1, 1], "\(runs.map(\.stderr))")
        }
        let report = try await TelltaleProcess.run([
            "queue", "report", "--queue", database.url(), "--build", "class-order", "--report-dir", "\(folder)/build", "--wait", "120",
        ])
        #expect(report.status == 1, "the victim fails: \(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        #expect(SwiftTestVerdicts.telltaleVerdicts(build) == swiftTest)
        Self.expectWholeClasses(build, "queue mode")
    }

    /// A shuffled run hands a class's tests out one by one: with this seed the state-setter and
    /// the brittle test land in different processes, and the brittle test fails there (its retry
    /// alone too), as Flaky.md says a shuffled run may show.
    @Test func aShuffledRunMaySplitAClassAndSaysWhereEachTestRan() async throws {
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture, extraArguments: ["--shuffle=7", "--workers", "2", "--bisect-budget", "0"])
        let record = try #require(run.record)
        let tests = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id.rawValue, $0) })
        let setter = try #require(tests["ClassOrderTests.AccountTests/test1SignIn"])
        let brittle = try #require(tests[Self.brittle])
        let together = brittle.allAttempts.contains { attempt in
            attempt.placement?.process == setter.placement?.process
                && (attempt.placement?.position ?? 0) > (setter.placement?.position ?? .max)
        }
        // The verdict follows where the test ran; seed 7 puts it in a process of its own.
        #expect((brittle.outcome == .passed) == together, "\(brittle.allAttempts.map { ($0.outcome, $0.placement) })")
        #expect(brittle.outcome == .failed && !together)
        #expect(record.order?.seed == 7)
    }
}
