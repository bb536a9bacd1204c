import Foundation
import TelltaleModel

/// `harbormaster.json`: the run as the parameters of Conduit's `harbormaster.sendmessage`, all
/// but `buildTargetPHID` (which only the build knows): `{"type": "pass"|"fail", "unit": […]}`.
///
/// One unit per test, or per argument case of a parameterized test (as in JUnit, `caseUnits`).
/// Results: `pass`; `fail`; `broken` for a crash, a timeout or a test that could not run
/// (outcome `error`); `skip`; `unsound` for a test that passed only on a retry (flaky) and for a
/// quarantined failure ("failed, but this change is probably not what broke it", in
/// Harbormaster's words), and, in a run compared with its base, for a failure the base had too.
/// `details` is remarkup (`format`): the messages with their locations,
/// earlier attempts, and the end of the output of a test that did not pass. Analytics failures
/// are among their test's messages already.
package struct HarbormasterWriter: Sendable {
    /// The end of a failed test's output kept in its details.
    package static let maxOutputBytes = 4096
    /// The engine Harbormaster shows beside each namespace, one per framework.
    static func engine(_ framework: TestFramework) -> String {
        framework == .xctest ? "telltale/XCTest" : "telltale/swift-testing"
    }

    package init() {}

    /// One entry of `unit`, in the keys Harbormaster's unit results take:
    ///
    ///     {"details":"…","duration":0.4,"engine":"telltale/XCTest","format":"remarkup","name":"testAlwaysFails",
    ///      "namespace":"SampleTests.Retry","path":"Tests/SampleTests/Retry.swift","result":"fail"}
    package struct Unit: Codable, Sendable, Hashable {
        /// The test's listed name, or an argument case's (`isSmall(_:) [3]`).
        package var name: String
        /// The suite, JUnit's `classname`.
        package var namespace: String
        package var engine: String
        /// The file reviewers should look at, relative to where Telltale ran.
        package var path: String?
        /// `pass`, `fail`, `broken`, `skip` or `unsound`.
        package var result: String
        /// Seconds, to the millisecond.
        package var duration: Double
        package var details: String?
        /// `remarkup` when there are `details`.
        package var format: String?
        /// Per-file coverage strings (`N`, `C`, `U` per line), keyed by the path from the repository's top.
        package var coverage: [String: String]?

        package init(
            name: String, namespace: String, engine: String, path: String? = nil, result: String, duration: Double,
            details: String? = nil, format: String? = nil, coverage: [String: String]? = nil
        ) {
            self.name = name
            self.namespace = namespace
            self.engine = engine
            self.path = path
            self.result = result
            self.duration = duration
            self.details = details
            self.format = format
            self.coverage = coverage
        }
    }

    /// `harbormaster.json`'s whole content, and what `HarbormasterPublisher` sends.
    package struct Message: Codable, Sendable, Hashable {
        /// `pass` or `fail`, as the run's exit code says.
        package var type: String
        package var unit: [Unit]

        package init(type: String, unit: [Unit]) {
            self.type = type
            self.unit = unit
        }
    }

    /// `coverage`: Harbormaster's per-file strings (`HarbormasterCoverage` draws them from the
    /// coverage data); with a run's coverage they ride on one more unit, `telltale/coverage`.
    package func message(_ record: RunRecord, context: ReportContext, coverage: [String: String] = [:]) -> Message {
        var units = record.tests.flatMap { test in
            test.caseUnits().map { unit(name: $0.name, $0.result, comparison: record.comparison, context: context) }
        }
        if let summary = record.coverage { units.append(Self.coverageUnit(summary, strings: coverage)) }
        return Message(type: record.failed ? "fail" : "pass", unit: units)
    }

    package func write(_ record: RunRecord, context: ReportContext, coverage: [String: String] = [:]) throws -> Data {
        // Pretty, keys sorted: JSONValueEncoder lays it out as JSONEncoder's `.prettyPrinted` does.
        Data(try JSONValueEncoder().serialize(message(record, context: context, coverage: coverage), .pretty) + [0x0A])
    }

    /// The run's coverage as a unit: `fail` when a threshold failed, the figures in its details,
    /// and the per-file strings Differential draws beside the diff.
    static func coverageUnit(_ summary: CoverageSummary, strings: [String: String]) -> Unit {
        var details = ["**Line coverage** \(summary.lines.description) · functions \(summary.functions.description)"]
        if let diff = summary.diff {
            details.append(Remarkup.inline(diff.summaryLine))
            for file in diff.files where !file.uncovered.isEmpty {
                details.append(
                    "  - `\(summary.repositoryPath(file.path))`: lines \(file.uncovered.map(\.description).joined(separator: ", ")) changed and not run"
                )
            }
        }
        details += summary.gateFailures.map { "**Below the threshold:** " + Remarkup.inline($0.message) }
        return Unit(
            name: "line coverage", namespace: "coverage", engine: "telltale/coverage", result: summary.gateFailures.isEmpty ? "pass" : "fail",
            duration: 0, details: details.joined(separator: "\n"), format: "remarkup", coverage: strings.isEmpty ? nil : strings
        )
    }

    /// The unit's result for the test on its own, before any comparison with the base.
    static func result(_ test: TestResult) -> String {
        if test.quarantine != nil && test.outcome.isFailure { return "unsound" }
        switch test.outcome {
        case .passed: return test.isFlaky ? "unsound" : "pass"
        case .failed: return "fail"
        case .error: return "broken"
        case .skipped: return "skip"
        }
    }

    /// One unit; `details` open with the test's class against the base when it has one.
    private func unit(name: String, _ test: TestResult, comparison: BaselineComparison?, context: ReportContext) -> Unit {
        let details = ([Self.comparisonLine(test, in: comparison)].compactMap(\.self) + [Self.details(test, context: context)])
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
        let location = test.reviewLocation
        return Unit(
            name: PlainText.clean(name),
            namespace: test.id.suiteName,
            engine: Self.engine(test.framework),
            path: location.map { context.relativePath($0.file) },
            result: Self.result(test, in: comparison),
            duration: (test.duration * 1000).rounded() / 1000,
            details: details.isEmpty ? nil : details,
            format: details.isEmpty ? nil : "remarkup"
        )
    }

    /// Remarkup: each message (what, where, its text as a code block), a flaky test's earlier
    /// attempts, a quarantine's reason, and for a test that did not pass the end of its output.
    static func details(_ test: TestResult, context: ReportContext) -> String {
        var parts: [String] = []
        if let quarantine = test.quarantine, test.outcome.isFailure {
            parts.append(
                "**Quarantined** until \(quarantine.until) (\(Remarkup.inline(quarantine.owner))): \(Remarkup.inline(quarantine.reason)). It does not fail the run."
            )
        }
        if let name = test.displayName { parts.append("//\(Remarkup.inline(name))//") }
        for message in test.messages {
            parts.append(Remarkup.message(message, context: context))
        }
        if !test.previousAttempts.isEmpty {
            let attempts = test.previousAttempts.enumerated().map { index, attempt in
                "  - attempt \(index + 1): \(attempt.outcome.rawValue) in \(String(format: "%.2f", attempt.duration)) s"
                    + (attempt.messages.first.map { ": " + Remarkup.inline(Remarkup.firstLine($0.text)) } ?? "")
            }
            // The last attempt's own outcome: a test that failed every attempt did not pass on its last.
            parts.append(
                "**Earlier attempts** (\(test.outcome.rawValue) on attempt \(test.previousAttempts.count + 1)):\n" + attempts.joined(separator: "\n"))
        }
        // The end of the output, unless a message already quotes it (a crash's report does).
        let lastLine = test.output.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
        if test.outcome.isFailure, !lastLine.isEmpty, !test.messages.contains(where: { $0.isCrashReport || $0.text.contains(lastLine) }) {
            let output = PlainText.clean(test.output)
            let tail = output.utf8.count > maxOutputBytes ? "…" + String(decoding: output.utf8.suffix(maxOutputBytes), as: UTF8.self) : output
            parts.append("**Output** (the end; all of it is in \(context.logsPath)/tests.log):\n" + Remarkup.codeBlock(tail))
        }
        return parts.joined(separator: "\n\n")
    }
}
