import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// A brittle test explained across runs, on Tests/Fixtures/ClassOrderFixture: `test6Checkout`
/// passes only after `test1SignIn` (its state-setter). A run in which it fails in every attempt
/// is bisected over the tests that ran before it in the history's run that passed it, and its
/// `orderDependency` names the state-setter: in run.json, the reports, `history flaky`, and in
/// queue mode the build's record.
@Suite(.tags(.large))
struct BrittleHistoryRunTests {
    static let fixture = "Tests/Fixtures/ClassOrderFixture"
    static let brittle = TestID("ClassOrderTests.AccountTests/test6Checkout")
    static let setter = TestID("ClassOrderTests.AccountTests/test1SignIn")
    /// Seeds whose order may hand `test6Checkout` to a process without `test1SignIn` before it
    /// (with `--shuffle` each XCTest test is a unit of its own): the first that does is used.
    /// With seed 5 it ran third in a process, so the bisection first ran it alone.
    static let seeds = [5, 7, 9, 11, 12]

    /// A plain run with one worker, which passes `test6Checkout` after `test1SignIn`; then a
    /// shuffled run with two workers, in which it fails: found brittle, its state-setter the sign-in.
    @Test func theStateSetterIsFoundFromTheHistoryAfterAPlainAndAShuffledRun() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("BrittleHistory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = "\(folder)/history.sqlite"
        try await FixtureRuns.shared.build(fixture: "ClassOrderFixture")
        let plain = try await Self.passingRun(folder: folder, history: history)
        #expect(plain.status == 0 || plain.status == 1, "\(plain.stderr)")

        let seed = try await Self.separatingSeed(folder: folder)
        let shuffled = try await TelltaleProcess.run([
            "run", "--package", Self.fixture, "--skip-build", "--shuffle=\(seed)", "--workers", "2", "--history", history,
            "--report-dir", "\(folder)/shuffled",
        ])
        #expect(shuffled.status == 1, "\(shuffled.stderr)")
        let record = try RunRecordFile.read(path: "\(folder)/shuffled/run.json")
        let result = try #require(record.tests.first { $0.id == Self.brittle })
        #expect(result.allAttempts.allSatisfy { $0.outcome.isFailure }, "seed \(seed) failed it before: \(result.allAttempts)")
        let dependency = try #require(result.orderDependency, "\(record.notes)\n\(shuffled.stderr)")
        #expect(dependency.kind == .brittle && dependency.verdict == .found)
        #expect(dependency.tests == [Self.setter])
        #expect(
            shuffled.stderr.contains("bisecting \(Self.brittle) (it failed in every attempt, and passed after other tests in run #1 of the history)"))
        let summary = try String(contentsOfFile: "\(folder)/shuffled/summary.md", encoding: .utf8)
        #expect(summary.contains("brittle: passes only after \(Self.setter.rawValue)"), "\(summary)")
        let junit = try String(contentsOfFile: "\(folder)/shuffled/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<property name="orderDependency.stateSetter" value="\#(Self.setter.rawValue)"/>"#))

        let flaky = try await TelltaleProcess.run(["history", "flaky", "--history", history])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        #expect(flaky.stdout.contains(Self.brittle.rawValue), "\(flaky.stdout)")
        #expect(flaky.stdout.contains("passes only after \(Self.setter.rawValue)"), "\(flaky.stdout)")
    }

    /// The same in queue mode: a machine that runs `test6Checkout` without its class's sign-in
    /// (filtered out) finds the state-setter from the history's passing run, and the build's
    /// record (`queue report`, which waits for the machine's bisection) carries it.
    @Test func inQueueModeTheBuildsRecordCarriesTheStateSetter() async throws {
        let database = try await PostgresCluster.shared.database("e2e_brittle")
        let folder = try TelltaleProcess.temporaryDirectory("BrittleQueue")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = "\(folder)/history.sqlite"
        try await FixtureRuns.shared.build(fixture: "ClassOrderFixture")
        _ = try await Self.passingRun(folder: folder, history: history)

        let machine = try await TelltaleProcess.run([
            "run", "--package", Self.fixture, "--skip-build", "--history", history, "--queue", database.url(), "--build", "brittle",
            "--machine", "q1", "--report-dir", "\(folder)/q1", "--filter", "AccountTests/test6Checkout$", "--filter", "CatalogTests",
        ])
        #expect(machine.status == 1, "\(machine.stderr)")
        let own = try RunRecordFile.read(path: "\(folder)/q1/run.json")
        #expect(own.tests.first { $0.id == Self.brittle }?.orderDependency?.tests == [Self.setter], "\(machine.stderr)")

        let report = try await TelltaleProcess.run([
            "queue", "report", "--queue", database.url(), "--build", "brittle", "--report-dir", "\(folder)/build", "--wait", "60",
        ])
        #expect(report.status == 1, "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        let dependency = try #require(build.tests.first { $0.id == Self.brittle }?.orderDependency)
        #expect(dependency.kind == .brittle && dependency.verdict == .found && dependency.tests == [Self.setter])
    }

    /// The first of `seeds` whose shuffled order fails `test6Checkout` (a run without history or
    /// bisection); throws when none does.
    static func separatingSeed(folder: String) async throws -> Int {
        for seed in seeds {
            let probe = "\(folder)/seed-\(seed)"
            _ = try await TelltaleProcess.run([
                "run", "--package", fixture, "--skip-build", "--shuffle=\(seed)", "--workers", "2", "--no-history", "--bisect-budget", "0",
                "--report-dir", probe,
            ])
            if try RunRecordFile.read(path: "\(probe)/run.json").tests.first(where: { $0.id == brittle })?.outcome.isFailure == true {
                return seed
            }
        }
        throw SeedError(description: "no seed of \(seeds) hands test6Checkout to a process without test1SignIn")
    }

    struct SeedError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every test with one worker, recorded in `history`: `test6Checkout` passes after `test1SignIn`
    /// in one process (the victim of `CacheTests` may fail it).
    static func passingRun(folder: String, history: String) async throws -> TelltaleProcess.Result {
        let plain = try await TelltaleProcess.run([
            "run", "--package", fixture, "--skip-build", "--workers", "1", "--history", history, "--report-dir", "\(folder)/plain",
        ])
        let record = try RunRecordFile.read(path: "\(folder)/plain/run.json")
        let passed = try #require(record.tests.first { $0.id == Self.brittle })
        let signIn = try #require(record.tests.first { $0.id == Self.setter })
        #expect(passed.outcome == .passed, "\(plain.stderr)")
        #expect(passed.placement?.process == signIn.placement?.process)
        #expect((signIn.placement?.position ?? .max) < (passed.placement?.position ?? 0))
        return plain
    }
}
