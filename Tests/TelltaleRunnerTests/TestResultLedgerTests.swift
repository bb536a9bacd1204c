import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// No result is dropped on its way to the record: one the run cannot place is kept as its own
/// result with a note, and a test a process never reported is an error naming it.
@Suite(.tags(.small))
struct TestResultLedgerTests {
    static let listed = [
        ListedTest(id: TestID("M.Suite/plain()"), framework: .swiftTesting),
        ListedTest(id: TestID("M.C/testOne"), framework: .xctest),
    ]

    @Test func aResultForAnIDTheRunWasNotGivenIsKeptWithANote() async {
        let ledger = TestResultLedger()
        await ledger.begin(Self.listed)
        let stray = TestID("M.`Raw suite`/`3rd party macros are allowed`()")
        await ledger.record(TestResult(id: TestID("M.Suite/plain()"), framework: .swiftTesting, outcome: .passed), worker: 1, session: "s-w1")
        await ledger.record(TestResult(id: TestID("M.C/testOne"), framework: .xctest, outcome: .passed), worker: 1, session: "s-w1")
        await ledger.record(TestResult(id: stray, framework: .swiftTesting, outcome: .failed), worker: 1, session: "s-w1")

        let results = await ledger.results
        #expect(results.map(\.id) == [TestID("M.Suite/plain()"), TestID("M.C/testOne"), stray])
        #expect(results.last?.outcome == .failed)
        #expect(results.last?.worker == 1)
        let notes = await ledger.notes
        #expect(notes.count == 1)
        #expect(notes.first?.contains("1 result the test processes reported is not among the tests the run was given") == true)
        #expect(notes.first?.contains("  \(stray)") == true)
        #expect(await ledger.notRun.isEmpty)
    }

    @Test func aRunWithEveryResultPlacedHasNoNote() async {
        let ledger = TestResultLedger()
        await ledger.begin(Self.listed)
        for test in Self.listed {
            await ledger.record(TestResult(id: test.id, framework: test.framework, outcome: .passed), worker: 1, session: nil)
        }
        #expect(await ledger.notes.isEmpty)
        #expect(await ledger.results.count == 2)
    }

    @Test func aTestNeverReportedIsAnErrorNamingItAndTheNoteSaysWhatCameInstead() async throws {
        let ledger = TestResultLedger()
        await ledger.begin(Self.listed)
        await ledger.record(
            TestResult(id: TestID("M.Suite/plain()/S.swift:3:6"), framework: .swiftTesting, outcome: .passed), worker: 1, session: nil)
        let errors = await ledger.neverReported([TestID("M.Suite/plain()")], framework: .swiftTesting)
        #expect(errors.map(\.outcome) == [.error])
        #expect(errors.first?.primaryMessage?.text == "the test was selected but Swift Testing never reported it")
        for error in errors { await ledger.record(error, worker: 1, session: nil) }
        // Found again on a retry: still one test in the note.
        _ = await ledger.neverReported([TestID("M.Suite/plain()")], framework: .swiftTesting)

        let note = try #require(await ledger.notes.first)
        #expect(note.contains("1 selected test was never reported"))
        #expect(note.contains("  M.Suite/plain() (swift-testing)"))
        #expect(note.contains("not selected (each kept as a result of its own):\n  M.Suite/plain()/S.swift:3:6"))
        #expect(await ledger.results.map(\.id) == [TestID("M.Suite/plain()"), TestID("M.Suite/plain()/S.swift:3:6")])
    }

    @Test func longListsAreCut() {
        let listed = (0..<25).map { ListedTest(id: TestID("M.C/test\($0)"), framework: .xctest) }
        let note = TestResultLedger.unplacedNote(listed, reported: [])
        #expect(note.contains("25 selected tests were never reported"))
        #expect(note.contains("… and 5 more"))
        #expect(note.contains("reported no test outside the selection"))
    }
}

/// `swift test list` and `--list-tests` print raw identifiers (SE-0451) with their backticks,
/// spaces and all; a heading is no test.
@Suite(.tags(.small))
struct ListedLineTests {
    @Test(arguments: [
        "M.`Raw suite`/`3rd party macros are allowed`()", "M.`free raw`()", "M.S/`it's quoted`()", "M.S/`mail me @ home`()",
        "M.S/`with (parentheses) inside`()", "M.S/`doubles a number`(n:)", "M.`Odd.suite`/`a/b works`()", "M.C/testOne",
    ])
    func rawIdentifiersAreTestIDs(line: String) {
        #expect(TestLister.isTestID(line))
    }

    @Test(arguments: ["Listing 8 tests in M", "", ".x()", "M.S/`unclosed ()", "Build complete!", "M.S/f() trailing"])
    func headingsAreNot(line: String) {
        #expect(!TestLister.isTestID(line))
    }
}
