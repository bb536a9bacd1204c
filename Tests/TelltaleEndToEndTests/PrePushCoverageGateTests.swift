import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The pre-push hook with a coverage gate, as a team sets it up in its second week, in a git
/// repository made by the test: `Tests/Fixtures/TestLevelSelectionFixture` with a `telltale.yml`
/// beside its `Package.swift` (`coverage: { minimum: 70, diffMinimum: 80 }`, `changed: { select:
/// tests }`), a coverage map recorded, the hook installed with no plan named. A correct one-line
/// change runs one of the four tests, whose total is far below 70%: the push goes through, and
/// says the minimum was not applied. A change no test runs is refused by `diffMinimum`.
@Suite(.tags(.large), .serialized)
struct PrePushCoverageGateTests {
    static let plan = """
        version: 1
        coverage:
          minimum: 70
          diffMinimum: 80
        changed:
          select: tests

        """

    @Test func theHookPushesACorrectCommitAndDiffMinimumStillRefusesAnUncoveredOne() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("PrePushCoverageGateTests")
        let package = "\(folder)/TestLevelSelectionFixture"
        let fixture = "\(TelltaleProcess.repositoryRoot)/Tests/Fixtures/TestLevelSelectionFixture"
        // The sources alone: a fixture's .build may be in use by another test.
        for path in ["Package.swift", "Sources", "Tests"] {
            try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(fixture)/\(path)", toPath: "\(package)/\(path)")
        }
        try Self.plan.write(toFile: "\(package)/telltale.yml", atomically: true, encoding: .utf8)
        try ".build/\nReports/\n.telltale/\n".write(toFile: "\(package)/.gitignore", atomically: true, encoding: .utf8)
        try await ChangedRunTests.git(["init", "-q", "-b", "main"], in: package)
        try await ChangedRunTests.git(["add", "-A"], in: package)
        try await ChangedRunTests.git(["commit", "-qm", "fixture"], in: package)
        try await ChangedRunTests.git(["init", "-q", "--bare", "\(folder)/remote.git"], in: package)
        try await ChangedRunTests.git(["remote", "add", "origin", "\(folder)/remote.git"], in: package)
        try await ChangedRunTests.git(["push", "-q", "origin", "main"], in: package)

        // Every test, with the plan found beside Package.swift: the whole suite meets the minimum.
        let map = try await TelltaleProcess.run(
            ["run", "--coverage-map", "--report-dir", "\(package)/Reports", "--history", "\(package)/.telltale/history.sqlite"], in: package)
        try #require(map.status == 0, "\(map.stderr)")
        #expect(map.stderr.hasPrefix("plan: telltale.yml, found beside Package.swift"), "\(map.stderr)")
        let whole = try #require(try RunRecordFile.read(path: "\(package)/Reports/run.json").coverage)
        #expect(whole.subset == nil && whole.gateFailures.isEmpty && (whole.lines.percent ?? 0) >= 70, "\(whole.summaryLine)")

        let install = try await TelltaleProcess.run(["hook", "install"], in: package)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("plan: telltale.yml, found beside Package.swift"), "\(install.stdout)")

        // A correct change inside `formatted`: the map selects the one test that runs it.
        try TestLevelSelectionRunTests.edit("Sources/Ledger/Formatting.swift", "let rest = cents % 100", "let rest = (cents % 100)", in: package)
        try await ChangedRunTests.git(["commit", "-qam", "parenthesise"], in: package)
        let pushed = try await ChangedRunTests.gitStatus(["push", "origin", "main"], in: package)
        #expect(pushed.status == 0, "a correct commit was refused: \(pushed.stderr)")
        #expect(
            pushed.stderr.contains(
                "coverage: the minimum of 70% was not applied to the total: this run selected 1 of 4 tests (--changed --select tests)"),
            "\(pushed.stderr)")
        let reports = "\(package)/.git/telltale/pre-push"
        let partial = try #require(try RunRecordFile.read(path: "\(reports)/run.json").coverage)
        #expect(partial.subset == CoverageSubset(selected: 1, planned: 4, reasons: ["--changed --select tests"]))
        #expect((partial.lines.percent ?? 100) < 70 && partial.gateFailures.isEmpty, "\(partial.summaryLine)")
        #expect(partial.diff?.lines == CoverageCount(covered: 1, total: 1))
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        #expect(summary.contains("ℹ️ Coverage: the minimum of 70% was not applied to the total"), "\(summary)")

        // A branch no test takes, inside the same function: one test runs, and the change's
        // coverage (the `if` ran, its `return` did not) is below diffMinimum.
        try TestLevelSelectionRunTests.edit(
            "Sources/Ledger/Formatting.swift", "    let units = cents / 100\n",
            "    if cents < 0 {\n        return \"-\" + formatted(-cents)\n    }\n    let units = cents / 100\n", in: package)
        try await ChangedRunTests.git(["commit", "-qam", "negative balances"], in: package)
        let before = try await ChangedRunTests.gitStatus(["ls-remote", "origin", "refs/heads/main"], in: package).stdout
        let refused = try await ChangedRunTests.gitStatus(["push", "origin", "main"], in: package)
        #expect(refused.status != 0, "an uncovered change went through: \(refused.stderr)")
        #expect(refused.stderr.contains("is below the diffMinimum of 80%; worst files: Sources/Ledger/Formatting.swift"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("below the minimum of 70%"), "\(refused.stderr)")
        #expect(try await ChangedRunTests.gitStatus(["ls-remote", "origin", "refs/heads/main"], in: package).stdout == before)
    }
}
