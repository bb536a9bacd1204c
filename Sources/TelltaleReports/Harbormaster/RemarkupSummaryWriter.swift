import Foundation
import TelltaleModel

/// `summary.remarkup`: `summary.md`'s short account in Phabricator's markup, for a build's
/// comment on a revision: the verdict and totals, against the base of the change when the run was
/// compared with one (new failures first), the failing tests with their first message
/// and location, the quarantined and flaky ones, and where the reports are. Lists stop at
/// `maxItems` each, with a count of the rest.
package struct RemarkupSummaryWriter: Sendable {
    /// Tests listed per section before the rest are only counted.
    package static let maxItems = 50

    package init() {}

    /// The comment, opening with a level-2 heading and a table:
    ///
    ///     == Telltale: sample FAILED ==
    ///
    ///     | tests | passed | failed | errors | skipped | flaky | duration |
    ///     | ----- | ------ | ------ | ------ | ------- | ----- | -------- |
    ///     | 8 | 3 | 3 | 1 | 1 | 1 | 12.3 s |
    package func write(_ record: RunRecord, context: ReportContext) -> String {
        let totals = record.totals
        var text = "== Telltale: \(Remarkup.inline(PlainText.clean(record.plan.name))) \(record.failed ? "FAILED" : "passed") ==\n\n"
        text += "| tests | passed | failed | errors | skipped | flaky | duration |\n"
        text += "| ----- | ------ | ------ | ------ | ------- | ----- | -------- |\n"
        text +=
            "| \(totals.tests) | \(totals.passed) | \(totals.failed) | \(totals.errors) | \(totals.skipped) | \(totals.flaky) | \(String(format: "%.1f", record.duration)) s |\n\n"
        var facts = ["package `\(record.plan.package)`"]
        if let shard = record.shard { facts.append("shard \(shard)") }
        if let commit = record.environment.gitCommit { facts.append("commit `\(commit)`") }
        facts.append("telltale \(Remarkup.inline(record.tool.version))")
        text += facts.joined(separator: " · ") + "\n"
        text += Self.comparisonLine(record)
        if let coverage = record.coverage {
            text += "\n" + Remarkup.inline(coverage.summaryLine) + "\n"
            for failure in coverage.gateFailures { text += "- **Below the threshold:** " + Remarkup.inline(failure.message) + "\n" }
        }

        let failing = record.tests.filter(\.failsRun).sorted { $0.id < $1.id }
        text += comparedFailures(record, failing: failing, context: context) ?? section("Failures", failing, context: context)
        let quarantined = record.tests.filter { $0.outcome.isFailure && $0.quarantine != nil }.sorted { $0.id < $1.id }
        text += section("Quarantined (they do not fail the run)", quarantined, context: context)
        let flaky = record.tests.filter(\.isFlaky).sorted { $0.id < $1.id }
        text += section("Flaky (passed on a retry)", flaky, context: context)
        text += "\nReports: `\(context.reportDirectory)/index.html` (open it in a browser), `junit.xml`, `harbormaster.json`.\n"
        return text
    }

    /// `=== TITLE (N) ===` and a bullet per test: its id, first message and place; empty when
    /// there are no tests.
    func section(_ title: String, _ tests: [TestResult], context: ReportContext) -> String {
        guard !tests.isEmpty else { return "" }
        var text = "\n=== \(title) (\(tests.count)) ===\n\n"
        for test in tests.prefix(Self.maxItems) {
            var line = "- `\(test.id.rawValue.replacingOccurrences(of: "`", with: "'"))`"
            if let message = test.primaryMessage {
                line += ": " + Remarkup.inline(String(Remarkup.firstLine(message.text).prefix(300)))
                if let location = message.location { line += " (`\(context.relativeLocation(location))`)" }
            }
            text += line + "\n"
        }
        if tests.count > Self.maxItems { text += "- …and \(tests.count - Self.maxItems) more\n" }
        return text
    }
}
