import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Flaky causes across runs, through the real `telltale` on `Tests/Fixtures/FlakyCausesFixture`:
/// shuffled, repeated runs recorded in a history, `telltale history flaky` grouping the tests by
/// cause with the polluter named, the reports' history showing the same, and `telltale bisect
/// --run RUN_ID` finding the polluter from the processes the history kept.
@Suite(.tags(.large), .serialized)
struct FlakyHistoryRunTests {
    static let fixture = FlakyCausesRunTests.fixture
    static let victim = FlakyCausesRunTests.xcVictim
    static let polluter = FlakyCausesRunTests.xcPolluter

    let folder: String
    var history: String { "\(folder)/history.sqlite" }

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("FlakyHistoryRunTests")
    }

    func record(_ plan: String, _ reports: String, _ arguments: [String]) async throws -> TelltaleProcess.Result {
        try await FixtureRuns.shared.build(fixture: Self.fixture)
        return try await TelltaleProcess.run(
            ["run", plan, "--skip-build", "--history", history, "--report-dir", "\(folder)/\(reports)"] + arguments)
    }

    @Test func historyFlakyGroupsTheRunsFlakyTestsByCauseAndBisectReadsARunFromTheHistory() async throws {
        let plan = "\(folder)/plan.yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/Tests/Fixtures/\(Self.fixture)
        environment:
          FLAKY_FIXTURE_COUNTERS: \(folder)/counters
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        // The acceptance run (victims bisected, the random tests unexplained, the slow ones slow
        // when failing), then a shorter one with another seed and no bisection.
        let first = try await record(plan, "first", ["--shuffle=48213", "--retries", "1", "--repeat", "10", "--workers", "1", "--no-parallel"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await record(
            plan, "second", ["--shuffle=48214", "--retries", "1", "--repeat", "2", "--workers", "1", "--no-parallel", "--bisect-budget", "0"])
        #expect(second.status == 0 || second.status == 1, "\(second.stderr)")

        let flaky = try await TelltaleProcess.run(["history", "flaky", "--history", history])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        let out = flaky.stdout
        #expect(out.contains("flaky tests in the last 2 runs (\(history)), by cause:"), "\(out)")
        #expect(out.contains("order-dependent (2):"), "\(out)")
        #expect(out.contains("victim: fails after \(Self.polluter)"), "\(out)")
        #expect(out.contains("reproduce: telltale run "), "\(out)")
        #expect(out.contains("slow when failing (2):"), "\(out)")
        #expect(out.contains("unexplained (2):"), "\(out)")
        let groups = ["order-dependent", "slow when failing", "unexplained"].map { out.range(of: "\($0) (")?.lowerBound }
        #expect(groups.allSatisfy { $0 != nil } && groups == groups.sorted { $0! < $1! }, "in order of evidence: \(out)")

        let suggest = try await TelltaleProcess.run(["history", "flaky", "--history", history, "--suggest", "--owner", "@qa", "--threshold", "0"])
        #expect(suggest.stdout.contains("order-dependent: victim: fails after \(Self.polluter)"), "\(suggest.stdout)")

        // The second run's reports show each test's cause across both runs.
        let summary = try String(contentsOfFile: "\(folder)/second/summary.md", encoding: .utf8)
        #expect(summary.contains("| flaky rate | flaky runs | cause |"), "\(summary)")
        #expect(summary.contains("order-dependent: victim: fails after"), "\(summary)")
        let html = try String(contentsOfFile: "\(folder)/second/index.html", encoding: .utf8)
        #expect(
            html.contains(try Regex(#""h":\{[^}]*"fc":\{"k":"orderDependent","l":"order-dependent","e":"victim: fails after"#)), "the history's cause"
        )

        // The first run, read back from the history: bisected to the same polluter.
        let runs = try await TelltaleProcess.run(["history", "runs", "--history", history])
        let line = try #require(runs.stdout.split(separator: "\n").first { $0.contains("seed 48213, 10 repetitions") }, "\(runs.stdout)")
        let id = try #require(line.split(separator: " ").first { $0.hasPrefix("#") }).dropFirst()
        let bisect = try await TelltaleProcess.run(
            ["bisect", Self.victim.rawValue, plan, "--run", String(id), "--history", history, "--skip-build"])
        #expect(bisect.status == 0, "\(bisect.stdout)\(bisect.stderr)")
        #expect(bisect.stdout.contains("victim: fails after \(Self.polluter)"), "\(bisect.stdout)")

        // A run imported from JUnit kept no order: a usage error that says what to do.
        let junit = "\(folder)/other-tool.xml"
        try """
        <testsuites><testsuite name="FlakyCausesTests.OrderTests" tests="1" timestamp="2026-01-02T03:04:05" hostname="elsewhere">
        <testcase classname="FlakyCausesTests.OrderTests" name="testDVictim" time="0.01"/></testsuite></testsuites>
        """.write(toFile: junit, atomically: true, encoding: .utf8)
        #expect(try await TelltaleProcess.run(["history", "import", junit, "--history", history]).status == 0)
        let listed = try await TelltaleProcess.run(["history", "runs", "--history", history]).stdout
        let ids = listed.split(separator: "\n").compactMap { $0.split(separator: " ").first { $0.hasPrefix("#") }?.dropFirst() }
        let imported = try #require(Set(ids.map(String.init)).subtracting([String(id)]).max { Int($0)! < Int($1)! }, "\(listed)")
        let unordered = try await TelltaleProcess.run(
            ["bisect", Self.victim.rawValue, plan, "--run", imported, "--history", history, "--skip-build"])
        #expect(unordered.status == 2, "\(unordered.stdout)\(unordered.stderr)")
        #expect(unordered.stderr.contains("has no recorded order"), "\(unordered.stderr)")
        #expect(unordered.stderr.contains("rerun with --shuffle"), "\(unordered.stderr)")
    }
}
