import Foundation
import TelltaleModel

/// Writes `ctrf.json`: the run in the Common Test Report Format (CTRF, github.com/ctrf-io/ctrf;
/// the schema is kept in `Docs/Schemas/ctrf.schema.json`), which CTRF's reporters, dashboards
/// and pull-request comments read whatever the test framework.
///
/// A test is one entry of `results.tests`, named by its `listedName` within its `suite` path
/// (`testId` is Telltale's id). Statuses are CTRF's `passed`, `failed` and `skipped`: an `error`
/// (a crash, a signal, a time limit) is `failed` with `rawStatus: "error"`, and a quarantined
/// failure is `skipped` with its real outcome as `rawStatus`, as JUnit writes it, so neither
/// fails a check that reads the file. Earlier attempts of a retried test are `retryAttempts`
/// (numbered from 1, `retries` their count) and a test that passed on a retry is `flaky`;
/// Swift Testing's tags are `tags`, its bugs the `bug` label, a parameterized test's argument
/// cases `steps`, and attachments keep their paths in the report folder. Durations and times
/// are milliseconds, as CTRF has them. What CTRF has no field for is under `extra`, with keys
/// in Telltale's namespace (`telltale.…`). A run compared with its base labels each test it classed
/// (`CTRFWriter+Comparison.swift`).
package struct CTRFWriter: Sendable {
    /// The CTRF version the file follows (the specification's, as of its schema in Docs/Schemas).
    package static let specVersion = "0.0.0"

    package init() {}

    /// The document, pretty and with sorted keys but `reportFormat` and `specVersion` first:
    ///
    ///     {
    ///       "reportFormat" : "CTRF",
    ///       "specVersion" : "0.0.0",
    ///       "generatedBy" : "telltale 9.9.9",
    ///       "results" : { "environment" : {…}, "summary" : {…}, "tests" : […], "tool" : {…} },
    ///       …
    package func write(_ record: RunRecord, context: ReportContext) -> Data {
        let tests = record.tests.map { test($0, comparison: record.comparison, context: context) }
        // The statuses as written, so the summary agrees with the entries (a quarantined failure a skip).
        let counts = Dictionary(grouping: tests, by: { $0["status"]?.stringValue ?? "" }).mapValues(\.count)
        let start = Self.milliseconds(record.startedAt)
        let totals = record.totals
        var summary: [String: JSONValue] = [
            "tests": .number(Double(tests.count)),
            "passed": .number(Double(counts["passed", default: 0])),
            "failed": .number(Double(counts["failed", default: 0])),
            "skipped": .number(Double(counts["skipped", default: 0])),
            "pending": 0, "other": 0,
            // The entries marked flaky, as for the statuses: a retried pass and a test that arrived
            // flaky under `--stress-new`, which `totals.flaky` (retried passes) leaves out.
            "flaky": .number(Double(tests.filter { $0["flaky"] == .bool(true) }.count)),
            "suites": .number(Double(Set(record.tests.map(\.id.suiteName)).count)),
            "start": .number(Double(start)),
            "stop": .number(Double(start + Self.milliseconds(seconds: record.duration))),
            "duration": .number(Double(Self.milliseconds(seconds: record.duration))),
        ]
        var summaryExtra: [String: JSONValue] = [:]
        if totals.errors > 0 || totals.quarantined > 0 {
            summaryExtra["telltale.outcomes"] = ["errors": .number(Double(totals.errors)), "quarantined": .number(Double(totals.quarantined))]
        }
        if let comparison = record.comparison { summaryExtra["telltale.comparison"] = Self.comparisonSummary(comparison) }
        if !summaryExtra.isEmpty { summary["extra"] = .object(summaryExtra) }
        // CTRF's own environment fields first; what it has no field for goes under `extra`.
        var environment: [String: JSONValue] = [
            "reportName": .string(PlainText.clean(record.plan.name)), "osVersion": .string(record.environment.operatingSystem),
            "healthy": .bool(!record.failed),
        ]
        if let commit = record.environment.gitCommit { environment["commit"] = .string(commit) }
        if let branch = record.environment.gitBranch { environment["branchName"] = .string(branch) }
        if let shard = record.shard { environment["shardId"] = .string(shard.description) }
        var run: [String: JSONValue] = ["host": .string(record.environment.host), "package": .string(record.plan.package)]
        if let swift = record.environment.swiftVersion { run["swift"] = .string(swift) }
        if let plan = record.plan.path { run["plan"] = .string(plan) }
        if !record.notes.isEmpty { run["notes"] = .array(record.notes.map { .string(PlainText.clean($0)) }) }
        environment["extra"] = ["telltale.run": .object(run)]

        let document: JSONValue = [
            "reportFormat": "CTRF",
            "specVersion": .string(Self.specVersion),
            "timestamp": .string(ISO8601Timestamp.string(from: context.generatedAt)),
            "generatedBy": .string("telltale \(context.toolVersion)"),
            "results": [
                "tool": ["name": "telltale", "version": .string(record.tool.version)],
                "summary": .object(summary),
                "tests": .array(tests.map(JSONValue.object)),
                "environment": .object(environment),
            ],
        ]
        return Data(document.serialized(JSONFormatting(pretty: true, leadingKeys: ["reportFormat", "specVersion"])) + [0x0A])
    }

    /// One entry of `results.tests` (here compact, some fields left out):
    ///
    ///     {"duration":400,"filePath":"Tests/SampleTests/Retry.swift",…,"name":"testAlwaysFails","retries":1,
    ///      "retryAttempts":[{"attempt":1,"status":"failed",…}],"status":"failed","suite":["SampleTests","Retry"],
    ///      "testId":"SampleTests.Retry/testAlwaysFails",…}
    private func test(_ test: TestResult, comparison: BaselineComparison?, context: ReportContext) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "name": .string(test.id.listedName),
            "testId": .string(test.id.rawValue),
            "suite": .array(([test.id.module] + test.id.components.dropLast()).map(JSONValue.string)),
            "status": .string(Self.status(test.outcome, quarantined: test.quarantine != nil)),
            "duration": .number(Double(Self.milliseconds(seconds: test.duration))),
        ]
        // `rawStatus` keeps what `status` had to fold: an error, or a quarantined failure's real outcome.
        if test.outcome == .error || (test.quarantine != nil && test.outcome.isFailure) { fields["rawStatus"] = .string(test.outcome.rawValue) }
        if let startedAt = test.startedAt {
            fields["start"] = .number(Double(Self.milliseconds(startedAt)))
            fields["stop"] = .number(Double(Self.milliseconds(startedAt) + Self.milliseconds(seconds: test.duration)))
        }
        if let location = test.location {
            fields["filePath"] = .string(context.relativePath(location.file))
            fields["line"] = .number(Double(location.line))
        }
        fields.merge(Self.diagnostics(test.primaryMessage, test.messages, output: test.output, context: context)) { $1 }
        if !test.tags.isEmpty { fields["tags"] = .array(test.tags.map { .string(PlainText.clean($0)) }) }
        var labels: [String: JSONValue] = ["framework": .string(test.framework == .xctest ? "XCTest" : "Swift Testing")]
        if !test.bugs.isEmpty { labels["bug"] = .array(test.bugs.map { .string(PlainText.clean($0.url ?? $0.label)) }) }
        let compared = Self.comparison(of: test, in: comparison)
        if let compared { labels["comparison"] = compared.label }
        fields["labels"] = .object(labels)
        if let worker = test.worker { fields["threadId"] = .string("worker \(worker)") }
        if !test.previousAttempts.isEmpty {
            fields["retries"] = .number(Double(test.previousAttempts.count))
            fields["retryAttempts"] = .array(test.previousAttempts.enumerated().map { attempt($0.element, number: $0.offset + 1, context: context) })
        }
        // Flaky on arrival is flaky whether or not the plan lets it pass the run.
        if test.isFlaky || test.stress?.verdict == .flakyOnArrival { fields["flaky"] = true }
        if !test.attachments.isEmpty { fields["attachments"] = .array(test.attachments.map(Self.attachment)) }
        if let cases = test.cases, !cases.isEmpty {
            fields["steps"] = .array(
                cases.map { testCase in
                    [
                        "name": .string(PlainText.clean(testCase.name)), "status": .string(Self.status(testCase.outcome, quarantined: false)),
                        "extra": ["telltale.duration": .number(Double(Self.milliseconds(seconds: testCase.duration)))],
                    ]
                })
        }
        var extra: [String: JSONValue] = [:]
        if let name = test.displayName { extra["telltale.displayName"] = .string(PlainText.clean(name)) }
        if let entry = test.quarantine {
            extra["telltale.quarantine"] = [
                "test": .string(entry.test), "reason": .string(PlainText.clean(entry.reason)), "owner": .string(PlainText.clean(entry.owner)),
                "until": .string(entry.until),
            ]
        }
        let notes = test.messages.filter { $0.kind == .warning || $0.kind == .knownIssue }
        if !notes.isEmpty { extra["telltale.issues"] = .array(notes.map { Self.message($0, context: context) }) }
        if let compared { extra["telltale.comparison"] = compared.extra }
        if !extra.isEmpty { fields["extra"] = .object(extra) }
        return fields
    }

    /// A `retryAttempts` entry, `number` 1 for the first run; CTRF's attempt has no `rawStatus`,
    /// so a crashed attempt says `error` in its `extra`.
    private func attempt(_ attempt: TestAttempt, number: Int, context: ReportContext) -> JSONValue {
        var fields: [String: JSONValue] = [
            "attempt": .number(Double(number)), "status": .string(Self.status(attempt.outcome, quarantined: false)),
            "duration": .number(Double(Self.milliseconds(seconds: attempt.duration))),
        ]
        if let startedAt = attempt.startedAt {
            fields["start"] = .number(Double(Self.milliseconds(startedAt)))
            fields["stop"] = .number(Double(Self.milliseconds(startedAt) + Self.milliseconds(seconds: attempt.duration)))
        }
        // An attempt was retried because it failed: its first failure or error explains it, and
        // gives the attempt's `line`.
        let failure = attempt.messages.first(where: \.kind.failsTest)
        fields.merge(Self.diagnostics(failure, attempt.messages, output: attempt.output, context: context)) { $1 }
        if let line = failure?.location?.line { fields["line"] = .number(Double(line)) }
        if attempt.outcome == .error { fields["extra"] = ["telltale.outcome": "error"] }
        return .object(fields)
    }

    /// `message` (`primary`, the message that explains the outcome), `trace` (every failure and
    /// error with its place), `stdout` (the output's lines).
    private static func diagnostics(
        _ primary: TestMessage?, _ messages: [TestMessage], output: String, context: ReportContext
    ) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let primary { fields["message"] = .string(PlainText.clean(primary.text)) }
        let failures = messages.filter(\.kind.failsTest)
        if !failures.isEmpty {
            fields["trace"] = .string(
                failures.map { message in
                    let text = PlainText.clean(message.text)
                    return message.location.map { "\(context.relativeLocation($0)): \(text)" } ?? text
                }.joined(separator: "\n"))
        }
        let cleaned = PlainText.clean(output)
        if !cleaned.isEmpty {
            var lines = cleaned.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            fields["stdout"] = .array(lines.map(JSONValue.string))
        }
        return fields
    }

    /// A warning or known issue for `extra["telltale.issues"]`: `{"kind","text","location"?,"case"?}`.
    private static func message(_ message: TestMessage, context: ReportContext) -> JSONValue {
        var fields: [String: JSONValue] = ["kind": .string(message.kind.rawValue), "text": .string(PlainText.clean(message.text))]
        if let location = message.location { fields["location"] = .string(context.relativeLocation(location)) }
        if let testCase = message.testCase { fields["case"] = .string(PlainText.clean(testCase)) }
        return .object(fields)
    }

    /// An `attachments` entry: `path` inside the report folder (`attachments/<test>/<name>`), its
    /// size and the argument case that recorded it in `extra`.
    private static func attachment(_ attachment: TestAttachment) -> JSONValue {
        var fields: [String: JSONValue] = [
            "name": .string(PlainText.clean(attachment.name)), "contentType": .string(contentType(attachment.name)),
            "path": .string(attachment.path),
        ]
        var extra: [String: JSONValue] = ["telltale.bytes": .number(Double(attachment.byteCount))]
        if let testCase = attachment.testCase { extra["telltale.case"] = .string(PlainText.clean(testCase)) }
        fields["extra"] = .object(extra)
        return .object(fields)
    }

    /// CTRF's statuses: an error is a failure; a quarantined failure is skipped, as in JUnit.
    static func status(_ outcome: TestOutcome, quarantined: Bool) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed, .error: quarantined ? "skipped" : "failed"
        case .skipped: "skipped"
        }
    }

    /// The MIME type of a file, from its name's extension.
    static func contentType(_ fileName: String) -> String {
        let parts = fileName.lowercased().split(separator: ".")
        let ext = parts.count > 1 ? String(parts.last!) : ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "json": return "application/json"
        case "jsonl": return "application/jsonl"
        case "xml": return "application/xml"
        case "yml", "yaml": return "application/yaml"
        case "html": return "text/html"
        case "csv": return "text/csv"
        case "md": return "text/markdown"
        case "txt", "log", "text", "swift", "diff": return "text/plain"
        default: return "application/octet-stream"
        }
    }

    /// Milliseconds since 1970, CTRF's `start` and `stop`.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func milliseconds(seconds: Double) -> Int64 {
        Int64((seconds * 1000).rounded())
    }
}
