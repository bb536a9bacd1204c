import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run --coverage-map`, then `--changed --select tests`, on
/// `Tests/Fixtures/TestLevelSelectionFixture` copied into a real git repository made by the
/// test: a change inside one function runs exactly the tests that executed it, and what the
/// map cannot judge runs as Docs/Selection.md says.
@Suite(.tags(.large), .serialized)
struct TestLevelSelectionRunTests {
    static let deposit = "LedgerTests.DepositTests/testDepositAddsToTheBalance"
    static let reads = "LedgerTests.DepositTests/testABalanceReadsInUnits"
    static let withdraw = "LedgerTests.WithdrawTests/withdrawingTakesFromTheBalance()"
    static let overdraft = "LedgerTests.WithdrawTests/anOverdraftIsRefused()"
    static let all: Set<String> = [deposit, reads, withdraw, overdraft]

    /// The suite's repository: the fixture, one commit, and a coverage map recorded at it, made
    /// once (recording the map builds with coverage and runs each test in a process of its own,
    /// the suite's costliest step). Each test starts from that commit with nothing changed: its
    /// tests run one at a time, and only the history, the build and the reports stay.
    static func repositoryWithMap() async throws -> String {
        let (package, base) = try await mapped.value
        try await ChangedRunTests.git(["reset", "-q", "--hard", base], in: package)
        try await ChangedRunTests.git(["clean", "-fdq", "--exclude", ".telltale"], in: package)
        return package
    }

    /// The package's folder and the commit its map was recorded at.
    static let mapped = Task<(String, String), any Error> {
        let folder = try TelltaleProcess.temporaryDirectory("TestLevelSelectionRunTests")
        let package = "\(folder)/TestLevelSelectionFixture"
        try FixtureSources.copy(FixtureRuns.package("TestLevelSelectionFixture"), to: package)
        try await ChangedRunTests.git(["init", "-q"], in: package)
        try await ChangedRunTests.git(["add", "-A"], in: package)
        try await ChangedRunTests.git(["commit", "-qm", "fixture"], in: package)
        let base = try await ChangedRunTests.gitStatus(["rev-parse", "HEAD"], in: package).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let map = try await TelltaleProcess.run([
            "run", "--package", package, "--coverage-map", "--report-dir", "\(package)/Reports", "--history", history(package),
        ])
        try #require(map.status == 0, "\(map.stderr)")
        try #require(FileManager.default.fileExists(atPath: "\(package)/Reports/coverage-map.bin"), "\(map.stderr)")
        #expect(map.stderr.contains("coverage map: every test runs in a process of its own"), "\(map.stderr)")
        #expect(map.stderr.contains("coverage map: 4 tests"), "\(map.stderr)")
        return (package, base)
    }

    static func history(_ package: String) -> String { "\(package)/.telltale/history.sqlite" }

    /// `--changed --select tests --explain`: the exit status, the tests that ran, and stderr.
    static func select(_ package: String, history: String? = nil) async throws -> (Int32, Set<String>, String) {
        // Beside the map run's reports (inside the ignored `Reports/`), which keep its coverage-map.bin.
        let reports = "\(package)/Reports/select"
        let result = try await TelltaleProcess.run([
            "run", "--package", package, "--changed", "--select", "tests", "--explain", "--report-dir", reports,
            "--history", history ?? Self.history(package),
        ])
        let record = try? RunRecordFile.read(path: "\(reports)/run.json")
        return (result.status, Set(record?.tests.map(\.id.rawValue) ?? []), result.stderr)
    }

    /// Replaces `old` by `new` in one of the package's files.
    static func edit(_ file: String, _ old: String, _ new: String, in package: String) throws {
        let path = "\(package)/\(file)"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains(old), "\(file) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aChangeInsideOneFunctionRunsExactlyTheTestsThatExecutedIt() async throws {
        let package = try await Self.repositoryWithMap()

        try Self.edit("Sources/Ledger/Ledger.swift", "cents -= amount", "cents -= amount * 1", in: package)
        let inWithdraw = try await Self.select(package)
        #expect(inWithdraw.0 == 0, "\(inWithdraw.2)")
        #expect(inWithdraw.1 == [Self.withdraw, Self.overdraft], "\(inWithdraw.2)")
        #expect(inWithdraw.2.contains("test-level selection from the coverage map of"), "\(inWithdraw.2)")
        #expect(inWithdraw.2.contains("2 of 4 tests in the affected test targets"), "\(inWithdraw.2)")
        #expect(inWithdraw.2.contains("runs \(Self.withdraw): it executed Sources/Ledger/Ledger.swift:12-16, changed"), "\(inWithdraw.2)")
        try await ChangedRunTests.git(["checkout", "--", "."], in: package)

        try Self.edit("Sources/Ledger/Formatting.swift", "let rest = cents % 100", "let rest = (cents % 100)", in: package)
        let inFormatting = try await Self.select(package)
        #expect(inFormatting.0 == 0 && inFormatting.1 == [Self.reads], "\(inFormatting.2)")
        try await ChangedRunTests.git(["checkout", "--", "."], in: package)

        // Words in a comment change no behaviour: no test runs.
        try Self.edit("Sources/Ledger/Ledger.swift", "/// An account's balance", "/// The account's balance", in: package)
        let comment = try await Self.select(package)
        #expect(comment.0 == 0 && comment.1.isEmpty, "\(comment.2)")
        #expect(comment.2.contains("0 of 4 tests"), "\(comment.2)")
        try await ChangedRunTests.git(["checkout", "--", "."], in: package)

        // A stored property's default is its initializer's first line, a declaration: its target decides.
        try Self.edit("Sources/Ledger/Ledger.swift", "var cents = 0", "var cents = 0 + 0", in: package)
        let declaration = try await Self.select(package)
        #expect(declaration.0 == 0 && declaration.1 == Self.all, "\(declaration.2)")
        #expect(declaration.2.contains("by target: LedgerTests"), "\(declaration.2)")
        #expect(declaration.2.contains("changed outside every function's body"), "\(declaration.2)")
    }

    @Test func newTestsRunAndAStaleMapFallsBackAsDocumented() async throws {
        let package = try await Self.repositoryWithMap()

        // A test added to an existing file: that file's tests, and the one the map does not know.
        try Self.edit(
            "Tests/LedgerTests/DepositTests.swift", "    func testABalanceReadsInUnits() {",
            "    func testTwoDepositsAddUp() {\n        var ledger = Ledger()\n        ledger.deposit(1)\n        ledger.deposit(2)\n        XCTAssertEqual(ledger.cents, 3)\n    }\n\n    func testABalanceReadsInUnits() {",
            in: package)
        let added = try await Self.select(package)
        let twoDeposits = "LedgerTests.DepositTests/testTwoDepositsAddUp"
        #expect(added.0 == 0 && added.1 == [Self.deposit, Self.reads, twoDeposits], "\(added.2)")
        #expect(added.2.contains("runs \(twoDeposits): the coverage map has no record of it"), "\(added.2)")
        #expect(added.2.contains("runs \(Self.reads): it executed Tests/LedgerTests/DepositTests.swift, a changed test file"), "\(added.2)")
        try await ChangedRunTests.git(["checkout", "--", "."], in: package)

        // A new test file: its target runs whole, the new test with it.
        try "import Testing\n\n@Test func aNewFileRuns() {}\n".write(
            toFile: "\(package)/Tests/LedgerTests/NewTests.swift", atomically: true, encoding: .utf8)
        let newFile = try await Self.select(package)
        #expect(newFile.0 == 0 && newFile.1 == Self.all.union(["LedgerTests.aNewFileRuns()"]), "\(newFile.2)")
        #expect(newFile.2.contains("Tests/LedgerTests/NewTests.swift is new since the base"), "\(newFile.2)")
        try FileManager.default.removeItem(atPath: "\(package)/Tests/LedgerTests/NewTests.swift")

        // Formatting.swift changes after the map (a commit of someone else's): the map is stale
        // for it, so the test that executed it runs whatever else changed.
        try Self.edit("Sources/Ledger/Formatting.swift", "let units = cents / 100", "let units = (cents / 100)", in: package)
        try await ChangedRunTests.git(["commit", "-qam", "formatting"], in: package)
        try Self.edit("Sources/Ledger/Ledger.swift", "cents += amount", "cents += amount * 1", in: package)
        let stale = try await Self.select(package)
        #expect(stale.0 == 0 && stale.1 == [Self.deposit, Self.withdraw, Self.reads], "\(stale.2)")
        #expect(stale.2.contains("the coverage map is stale for 1 file"), "\(stale.2)")
        #expect(
            stale.2.contains("runs \(Self.reads): the coverage map is stale for Sources/Ledger/Formatting.swift, which it executed"), "\(stale.2)")
    }

    /// Without a map, target-level with a hint; a map imported from a CI artifact is used.
    @Test func aMapImportedIntoAnEmptyHistoryIsUsed() async throws {
        let package = try await Self.repositoryWithMap()
        try Self.edit("Sources/Ledger/Ledger.swift", "cents -= amount", "cents -= amount * 1", in: package)
        // Outside the repository, where no change is seen.
        let empty = URL(fileURLWithPath: package).deletingLastPathComponent().appendingPathComponent("empty/history.sqlite").path
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: empty).deletingLastPathComponent().path)
        let none = try await Self.select(package, history: empty)
        #expect(none.0 == 0 && none.1 == Self.all, "\(none.2)")
        #expect(none.2.contains("selecting by test target: the history has no coverage map"), "\(none.2)")

        let imported = try await TelltaleProcess.run(["history", "import", "--history", empty, "\(package)/Reports/coverage-map.bin"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported coverage map of 4 tests"), "\(imported.stdout)")
        let selected = try await Self.select(package, history: empty)
        #expect(selected.0 == 0 && selected.1 == [Self.withdraw, Self.overdraft], "\(selected.2)")
    }
}
