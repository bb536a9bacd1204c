import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run` against the base of its change, on `Tests/Fixtures/BaselineComparisonFixture`
/// (three tests; `refund` broken on main) in a git repository made by the test: main's run is
/// recorded in a history, then branches that break another test, break nothing, or fix `refund`
/// run against it: through the history (a copy, as a CI cache restores it, and PostgreSQL), main's
/// JUnit file (`--baseline`, with the base from the CI's `GITHUB_BASE_REF`), and a three-shard merge.
@Suite(.tags(.large), .serialized)
struct BaselineComparisonRunTests {
    static let shop = "Sources/Shop/Shop.swift"
    static let breakTotal = ("price * quantity }", "price * quantity + 1 }")
    static let changeNothing = ("/// The customer's greeting.", "/// The customer's greeting, unchanged.")
    static let fixRefund = ("cents - 1 }", "cents }")

    /// Main's commit, built and run once: its package, commit, folder, history and JUnit file.
    struct Main: Sendable {
        var package: String
        var commit: String
        var folder: String
        var history: String
        var junit: String
    }

    static let main = Task<Main, any Error> {
        let folder = try TelltaleProcess.temporaryDirectory("BaselineComparisonRunTests")
        let package = "\(folder)/BaselineComparisonFixture"
        try FixtureSources.copy(FixtureRuns.package("BaselineComparisonFixture"), to: package)
        try await git(["init", "-q"], in: package)
        try await git(["symbolic-ref", "HEAD", "refs/heads/main"], in: package)
        try await git(["add", "-A"], in: package)
        try await git(["commit", "-qm", "main: refund keeps a cent"], in: package)
        let commit = try await git(["rev-parse", "HEAD"], in: package)
        let history = "\(folder)/history/history.sqlite"
        let reports = "\(folder)/main-reports"
        let run = try await TelltaleProcess.run(["run", "--package", package, "--history", history, "--report-dir", reports])
        try #require(run.status == 1, "main's run: refund fails there\n\(run.stderr)")
        let junit = "\(folder)/main-junit.xml"
        try FileManager.default.copyItem(atPath: "\(reports)/junit.xml", toPath: junit)
        return Main(package: package, commit: commit, folder: folder, history: history, junit: junit)
    }

    @discardableResult
    static func git(_ arguments: [String], in package: String) async throws -> String {
        let result = try await TelltaleProcess.runProcess(
            "/usr/bin/env", ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: package)
        try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A branch `name` from main's commit with `change` made to Shop.swift and committed.
    static func branch(_ name: String, _ change: (String, String)) async throws -> Main {
        let main = try await main.value
        try await git(["checkout", "-q", "-B", name, main.commit], in: main.package)
        let file = "\(main.package)/\(shop)"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try #require(text.contains(change.0))
        try text.replacingOccurrences(of: change.0, with: change.1).write(toFile: file, atomically: true, encoding: .utf8)
        try await git(["commit", "-qam", name], in: main.package)
        return main
    }

    struct Run {
        var status: Int32
        var stderr: String
        var summary: String
        var record: RunRecord?
        var folder: String

        func change(_ test: String) -> TestComparison.Change? { record?.comparison?.tests["ShopTests.ShopTests/\(test)"]?.change }
    }

    /// `telltale run` of the package with `arguments` (give `--history` or `--no-history`) and the environment's additions.
    static func run(_ main: Main, _ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        let reports = try TelltaleProcess.temporaryDirectory("BaselineComparisonRunTests-reports")
        let result = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), ["run", "--package", main.package, "--report-dir", reports] + arguments, in: main.folder,
            environment: environment)
        let summary = (try? String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)) ?? ""
        return Run(
            status: result.status, stderr: result.stderr, summary: summary, record: try? RunRecordFile.read(path: "\(reports)/run.json"),
            folder: reports)
    }

    /// Main's JUnit file as the base's CI artifact, the base named by GitHub's variable, no history.
    static func againstJUnit(_ main: Main) async throws -> Run {
        try await run(main, ["--no-history", "--baseline", main.junit, "--fail-on", "new"], environment: ["GITHUB_BASE_REF": "main"])
    }

    /// The history as a CI cache restores it: a copy of its folder, on another path.
    static func restoredHistory(_ main: Main) throws -> String {
        let copy = try TelltaleProcess.temporaryDirectory("BaselineComparisonRunTests-cache") + "/history"
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: main.history).deletingLastPathComponent().path, toPath: copy)
        return "\(copy)/history.sqlite"
    }

    @Test func aBranchThatBreaksATestHasOneNewFailureAndOneStillFailing() async throws {
        let main = try await Self.branch("break-total", Self.breakTotal)
        let failOnNew = try await Self.run(main, ["--history", try Self.restoredHistory(main), "--base", "main", "--fail-on", "new"])
        #expect(failOnNew.status == 1, "\(failOnNew.stderr)")
        #expect(failOnNew.summary.contains("**Against main:** 1 new failure; 1 already failing on main"), "\(failOnNew.summary)")
        #expect(failOnNew.summary.contains("### New failures (1)") && failOnNew.summary.contains("the total is wrong"))
        #expect(failOnNew.change("testTotal") == .newFailure && failOnNew.change("testRefund") == .stillFailing)
        #expect(failOnNew.change("testGreeting") == nil)
        let baseline = try #require(failOnNew.record?.comparison?.baseline)
        #expect(baseline.kind == .history && baseline.match == .commit && baseline.commit == main.commit && baseline.branch == "main")
        #expect(failOnNew.stderr.contains("baseline: main: the run of \(main.commit.prefix(8)) on main from "), "\(failOnNew.stderr)")
        #expect(failOnNew.stderr.contains("against main: 1 new failure; 1 already failing on main"))

        let junit = try await Self.againstJUnit(main)
        #expect(junit.status == 1, "\(junit.stderr)")
        #expect(junit.summary.contains("**Against main:** 1 new failure; 1 already failing on main"), "\(junit.summary)")
        #expect(junit.record?.comparison?.baseline?.kind == .file && junit.change("testTotal") == .newFailure)
    }

    @Test func aBranchThatBreaksNothingPassesUnderFailOnNew() async throws {
        let main = try await Self.branch("comment", Self.changeNothing)
        let failOnNew = try await Self.run(main, ["--history", main.history, "--base", "main", "--fail-on", "new"])
        #expect(failOnNew.status == 0, "\(failOnNew.stderr)")
        #expect(failOnNew.summary.contains("✅ passed"))
        #expect(failOnNew.summary.contains("**Against main:** no new failures; 1 already failing on main"), "\(failOnNew.summary)")
        #expect(failOnNew.stderr.contains("--fail-on new: 1 test already failing on main does not fail the run"), "\(failOnNew.stderr)")
        #expect(failOnNew.record?.failOn == .new)
        // The default stays: any failure fails the run.
        let any = try await Self.run(main, ["--history", main.history, "--base", "main"])
        #expect(any.status == 1 && any.summary.contains("1 already failing on main"), "\(any.stderr)")

        let junit = try await Self.againstJUnit(main)
        #expect(junit.status == 0, "\(junit.stderr)")
        #expect(junit.summary.contains("**Against main:** no new failures; 1 already failing on main"), "\(junit.summary)")
    }

    @Test func aBranchThatFixesTheFailingTestHasOneFixed() async throws {
        let main = try await Self.branch("fix-refund", Self.fixRefund)
        let fixed = try await Self.run(main, ["--history", main.history, "--base", "main"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.summary.contains("**Against main:** no new failures, 1 fixed"), "\(fixed.summary)")
        #expect(fixed.change("testRefund") == .fixed)
        let junit = try await Self.againstJUnit(main)
        #expect(junit.status == 0 && junit.summary.contains("1 fixed"), "\(junit.summary)")
    }

    /// Three shards of the breaking branch, each compared with main as part of the run; `merge`
    /// compares the whole run (the base its shards compared with) and keeps their gate.
    @Test func aThreeShardMergeComparesTheWholeRun() async throws {
        let main = try await Self.branch("break-total-sharded", Self.breakTotal)
        var shards: [String] = []
        for index in 1...3 {
            let shard = try await Self.run(main, ["--shard", "\(index)/3", "--history", main.history, "--base", "main", "--fail-on", "new"])
            #expect(shard.record?.comparison?.subset?.shard == Shard(index: index, count: 3), "\(shard.stderr)")
            #expect(shard.record?.comparison?.removed == [], "a shard removes nothing")
            shards.append(shard.folder)
        }
        let out = try TelltaleProcess.temporaryDirectory("BaselineComparisonRunTests-merged")
        let merge = try await TelltaleProcess.run(["merge"] + shards + ["--out", out, "--history", main.history], in: main.folder)
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stderr.contains("baseline: main: the run of \(main.commit.prefix(8)) on main"), "\(merge.stderr)")
        let summary = try String(contentsOfFile: "\(out)/summary.md", encoding: .utf8)
        #expect(summary.contains("**Against main:** 1 new failure; 1 already failing on main"), "\(summary)")
        let merged = try RunRecordFile.read(path: "\(out)/run.json")
        #expect(merged.failOn == .new && merged.comparison?.subset == nil && merged.comparison?.tests.count == 2)
        #expect(merged.comparison?.baseline?.chosenBy?.hasPrefix("the shards' base") == true)
    }

    /// The same look-up in a team's shared history on PostgreSQL.
    @Test func theSharedPostgreSQLHistoryIsSearchedToo() async throws {
        let url = try await PostgresCluster.shared.database("baseline").url()
        let main = try await Self.main.value
        try await Self.git(["checkout", "-q", "-B", "main-again", main.commit], in: main.package)
        let recorded = try await Self.run(main, ["--history", url])
        #expect(recorded.status == 1, "\(recorded.stderr)")
        let branch = try await Self.branch("break-total-shared", Self.breakTotal)
        let compared = try await Self.run(branch, ["--history", url, "--base", "main", "--fail-on", "new"])
        #expect(compared.status == 1, "\(compared.stderr)")
        #expect(compared.summary.contains("**Against main:** 1 new failure; 1 already failing on main"), "\(compared.summary)")
        #expect(compared.record?.comparison?.baseline?.match == .commit)
    }

    /// A `--baseline` that cannot be read: exit 2 before anything is built, naming the file.
    @Test func anUnreadableBaselineIsAUsageError() async throws {
        let main = try await Self.main.value
        let missing = "\(main.folder)/no-such-junit.xml"
        let result = try await Self.run(main, ["--no-history", "--baseline", missing])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--baseline \(missing): cannot read the file; give the base's run.json or JUnit XML file"), "\(result.stderr)")
        #expect(result.record == nil, "nothing ran")
    }
}
