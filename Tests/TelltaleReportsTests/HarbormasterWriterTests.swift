import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// Harbormaster's units from a record: results as documented, remarkup that cannot be broken by
/// what a test printed, and the remarkup summary.
@Suite(.tags(.small))
struct HarbormasterWriterTests {
    static func test(_ id: String, _ outcome: TestOutcome, messages: [TestMessage] = []) -> TestResult {
        TestResult(id: TestID(id), framework: .swiftTesting, outcome: outcome, duration: 0.25, messages: messages)
    }

    static func record(_ tests: [TestResult]) -> RunRecord {
        RunRecord(
            tool: ToolInfo(version: "9.9.9"), plan: PlanSummary(name: "rich", path: nil, package: "Rich"),
            environment: RunEnvironment(host: "ci-host", operatingSystem: "Linux"), startedAt: RichRecord.start, duration: 1,
            tests: tests)
    }

    @Test func aQuarantinedFailureIsUnsoundAndTheMessagePasses() {
        var quarantined = Self.test("Rich.Suite/known()", .failed, messages: [TestMessage(kind: .failure, text: "still broken")])
        quarantined.quarantine = QuarantineEntry(test: "Rich.Suite/known()", reason: "upstream outage", owner: "ana", until: "2026-12-31")
        let message = HarbormasterWriter().message(Self.record([quarantined, Self.test("Rich.Suite/fine()", .passed)]), context: RichRecord.context)
        #expect(message.type == "pass")
        #expect(message.unit.map(\.result) == ["unsound", "pass"])
        #expect(message.unit[0].details?.hasPrefix("**Quarantined** until 2026-12-31 (ana): upstream outage.") == true)
        #expect(message.unit[1].details == nil && message.unit[1].format == nil)
    }

    /// A retried test's earlier attempts are headed by how its last attempt ended: "passed on
    /// attempt 2" for a flaky test, "failed on attempt 3" for one that failed every attempt.
    @Test func earlierAttemptsSayHowTheLastAttemptEnded() throws {
        var flaky = Self.test("Rich.Suite/flaky()", .passed)
        flaky.previousAttempts = [TestAttempt(outcome: .failed, duration: 0.1)]
        var broken = Self.test("Rich.Suite/broken()", .failed, messages: [TestMessage(kind: .failure, text: "no")])
        broken.previousAttempts = [TestAttempt(outcome: .failed, duration: 0.1), TestAttempt(outcome: .failed, duration: 0.1)]
        let units = HarbormasterWriter().message(Self.record([flaky, broken]), context: RichRecord.context).unit
        #expect(units[0].details?.contains("**Earlier attempts** (passed on attempt 2):") == true, "\(units[0].details ?? "")")
        #expect(units[1].details?.contains("**Earlier attempts** (failed on attempt 3):") == true, "\(units[1].details ?? "")")
    }

    @Test func aFenceInAMessageCannotCloseItsBlock() throws {
        let text = "expected:\n```\n[[ https://evil | click ]]\n```"
        let failing = Self.test("Rich.Suite/fails()", .failed, messages: [TestMessage(kind: .failure, text: text)])
        let details = try #require(HarbormasterWriter().message(Self.record([failing]), context: RichRecord.context).unit.first?.details)
        #expect(details.components(separatedBy: "```").count == 3, "one block: \(details)")
    }

    @Test func theRemarkupSummaryListsFailuresWithTheirFirstLine() {
        let failing = Self.test(
            "Rich.Suite/fails()", .failed,
            messages: [TestMessage(kind: .failure, text: "total was **3**\nmore", location: SourceLocation(file: "/repo/Tests/A.swift", line: 9))])
        let summary = RemarkupSummaryWriter().write(Self.record([failing, Self.test("Rich.Suite/ok()", .passed)]), context: RichRecord.context)
        #expect(summary.hasPrefix("== Telltale: rich FAILED ==\n"))
        #expect(summary.contains("| 2 | 1 | 1 | 0 | 0 | 0 | 1.0 s |"))
        #expect(
            summary.contains("=== Failures (1) ===\n\n- `Rich.Suite/fails()`: total was *\u{200B}*\u{200B}3*\u{200B}*\u{200B} (`Tests/A.swift:9`)\n"),
            "\(summary)")
    }
}
