import Foundation
import TelltaleModel

/// Writes a run record as JUnit XML that validates against the extended Surefire
/// schema and reads correctly in the common publishers (GitHub, GitLab, Jenkins).
///
/// One `testsuite` per test class or suite; each `testcase` carries `classname`,
/// `name`, `time`, and `file`/`line` where known. A failing test gets one
/// `failure` (or `error`) element whose `message` is the first message's first
/// line and whose body holds every message with its location. A retried test's earlier
/// failed attempts follow as `flakyFailure`/`flakyError` (it passed in the end) or
/// `rerunFailure`/`rerunError` (it never passed).
///
/// A failing test that the plan quarantines is written as `skipped`, so publishers do not
/// fail the check; its message names the real outcome and the entry, and `system-out`
/// keeps the failure.
///
/// A parameterized Swift Testing test is one `testcase` per argument case, named
/// `fn(_:) [arguments]` so publishers and the history can follow a case from run to run.
/// Warnings and known issues go in `system-out` with their `file:line`; attachments as
/// `[[ATTACHMENT|path]]` lines there (the convention GitLab and Jenkins read, the path
/// relative to where Telltale ran) and one `attachment` property each, beside the tags.
public struct JUnitWriter: Sendable {
    /// Output beyond this many bytes per test is cut, with a note; review tools choke on more.
    public static let maxOutputBytes = 1 << 20

    public init() {}

    public func write(_ record: RunRecord, context: ReportContext) -> Data {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let totals = RunTotals(record.tests.flatMap(Self.publishedUnits))
        xml += "<testsuites"
        xml += attribute("name", record.plan.name)
        xml += counts(totals)
        xml += attribute("time", Self.seconds(record.duration))
        xml += attribute("timestamp", Self.timestamp(record.startedAt))
        xml += ">\n"
        let suites = Dictionary(grouping: record.tests, by: \.id.suiteName)
        for name in suites.keys.sorted() {
            xml += suite(name: name, tests: suites[name]!, record: record, context: context)
        }
        xml += "</testsuites>\n"
        return Data(xml.utf8)
    }

    private func suite(name: String, tests: [TestResult], record: RunRecord, context: ReportContext) -> String {
        let started = tests.compactMap(\.startedAt).min() ?? record.startedAt
        var xml = "  <testsuite"
        xml += attribute("name", name)
        xml += counts(RunTotals(tests.flatMap(Self.publishedUnits)))
        xml += attribute("time", Self.seconds(tests.reduce(0) { $0 + $1.duration }))
        xml += attribute("timestamp", Self.timestamp(started))
        xml += attribute("hostname", record.environment.host)
        xml += ">\n"
        for test in tests {
            if test.cases?.isEmpty == false, !(test.quarantine != nil && test.outcome.isFailure) {
                xml += parameterized(test, context: context)
            } else {
                xml += testCase(test, context: context)
            }
        }
        xml += "  </testsuite>\n"
        return xml
    }

    private func testCase(_ test: TestResult, context: ReportContext, name: String? = nil) -> String {
        var xml = "    <testcase"
        xml += attribute("classname", test.id.suiteName)
        xml += attribute("name", name ?? test.id.listedName)
        xml += attribute("time", Self.seconds(test.duration))
        let location = test.location ?? test.primaryMessage?.location ?? test.messages.first { $0.location != nil }?.location
        if let location {
            xml += attribute("file", context.relativePath(location.file))
            xml += attribute("line", String(location.line))
        }
        var children = ""
        if let entry = test.quarantine, test.outcome.isFailure {
            return xml + ">\n" + quarantined(test, entry: entry, context: context) + "    </testcase>\n"
        }
        switch test.outcome {
        case .passed:
            break
        case .skipped:
            let reason = test.primaryMessage?.text ?? "skipped"
            children += "      <skipped" + attribute("message", Self.firstLine(reason)) + "/>\n"
        case .failed, .error:
            let element = test.outcome == .failed ? "failure" : "error"
            let problems = test.messages.filter { $0.kind == .failure || $0.kind == .error }
            let primary = test.primaryMessage
            children += "      <\(element)"
            children += attribute("message", Self.firstLine(primary?.text ?? test.outcome.rawValue))
            children += attribute("type", Self.type(of: primary, outcome: test.outcome))
            children += ">"
            children += XMLText.escapeContent(problems.map { describe($0, context: context) }.joined(separator: "\n\n"))
            children += "</\(element)>\n"
        }
        children += reruns(test, context: context)
        children += properties(tags: test.tags, attachments: test.attachments, context: context)
        children += systemOut(messages: test.messages, attachments: test.attachments, output: test.output, context: context)
        if children.isEmpty { return xml + "/>\n" }
        return xml + ">\n" + children + "    </testcase>\n"
    }

    /// One `testcase` per argument case, as `caseUnits()` splits the test.
    private func parameterized(_ test: TestResult, context: ReportContext) -> String {
        test.caseUnits().map { testCase($0.result, context: context, name: $0.name) }.joined()
    }

    /// The results as JUnit counts them: a case each for a parameterized test (and one for
    /// failures outside its cases), a quarantined failure as skipped.
    static func publishedUnits(_ test: TestResult) -> [TestResult] {
        let published = asPublished(test)
        guard let cases = test.cases, !cases.isEmpty, published.outcome == test.outcome else { return [published] }
        var units = cases.map { testCase -> TestResult in
            var unit = test
            unit.outcome = testCase.outcome
            return unit
        }
        if test.messages.contains(where: { $0.testCase == nil && $0.kind.failsTest }) {
            var own = test
            own.outcome = test.messages.contains { $0.testCase == nil && $0.kind == .error } ? .error : .failed
            units.insert(own, at: 0)
        }
        return units
    }

    /// A `properties` element with a `tag` per tag and an `attachment` per attachment, or nothing.
    private func properties(tags: [String], attachments: [TestAttachment], context: ReportContext) -> String {
        guard !tags.isEmpty || !attachments.isEmpty else { return "" }
        var xml = "      <properties>\n"
        for tag in tags {
            xml += "        <property" + attribute("name", "tag") + attribute("value", tag) + "/>\n"
        }
        for attachment in attachments {
            xml +=
                "        <property" + attribute("name", "attachment") + attribute("value", attachmentPath(attachment, context: context))
                + "/>\n"
        }
        return xml + "      </properties>\n"
    }

    /// Warnings and known issues with their location, attachments in GitLab's and Jenkins'
    /// form, then the test's output.
    private func systemOut(messages: [TestMessage], attachments: [TestAttachment], output: String, context: ReportContext) -> String {
        var lines: [String] = []
        for message in messages where message.kind == .warning {
            lines.append("warning: " + describe(message, context: context))
        }
        for message in messages where message.kind == .knownIssue {
            lines.append("known issue: " + describe(message, context: context))
        }
        for attachment in attachments {
            lines.append("[[ATTACHMENT|\(attachmentPath(attachment, context: context))]]")
        }
        if !output.isEmpty { lines.append(Self.capped(output)) }
        guard !lines.isEmpty else { return "" }
        return "      <system-out>" + XMLText.escapeContent(lines.joined(separator: "\n")) + "</system-out>\n"
    }

    /// The attachment's path from where Telltale ran (`Reports/attachments/…`), as CI artifacts keep it.
    private func attachmentPath(_ attachment: TestAttachment, context: ReportContext) -> String {
        context.relativePath("\(context.reportDirectory)/\(attachment.path)")
    }

    /// A quarantined failure as a skip: the real outcome and the entry in the message, the
    /// failure itself (every attempt) and the output in `system-out`.
    private func quarantined(_ test: TestResult, entry: QuarantineEntry, context: ReportContext) -> String {
        let primary = test.primaryMessage?.text ?? test.outcome.rawValue
        let message = "\(test.outcome == .failed ? "failed" : "error") (\(entry.summary)): \(Self.firstLine(primary))"
        var output = "\(entry.summary)\nreal outcome: \(test.outcome.rawValue)\n"
        for attempt in test.previousAttempts where attempt.outcome.isFailure {
            let text = attempt.messages.filter { $0.kind == .failure || $0.kind == .error }.map { describe($0, context: context) }
            output += "\nearlier attempt (\(attempt.outcome.rawValue)):\n" + text.joined(separator: "\n\n") + "\n"
        }
        let problems = test.messages.filter { $0.kind == .failure || $0.kind == .error }
        output += "\n" + problems.map { describe($0, context: context) }.joined(separator: "\n\n")
        if !test.output.isEmpty { output += "\n\n" + Self.capped(test.output) }
        return "      <skipped" + attribute("message", message) + "/>\n"
            + "      <system-out>" + XMLText.escapeContent(output) + "</system-out>\n"
    }

    /// How a result counts in JUnit: a quarantined failure counts as skipped.
    static func asPublished(_ test: TestResult) -> TestResult {
        guard test.quarantine != nil, test.outcome.isFailure else { return test }
        var published = test
        published.outcome = .skipped
        return published
    }

    /// Earlier attempts of a retried test, as Surefire's rerun elements: `flakyFailure`/`flakyError`
    /// for a test that passed in the end, `rerunFailure`/`rerunError` after the `failure` of one that
    /// never did. Attempts that passed or were skipped have no element.
    private func reruns(_ test: TestResult, context: ReportContext) -> String {
        let prefix: String
        switch test.outcome {
        case .passed: prefix = "flaky"
        case .failed, .error: prefix = "rerun"
        case .skipped: return ""
        }
        var xml = ""
        for attempt in test.previousAttempts where attempt.outcome.isFailure {
            let element = prefix + (attempt.outcome == .failed ? "Failure" : "Error")
            let problems = attempt.messages.filter { $0.kind == .failure || $0.kind == .error }
            let primary =
                attempt.outcome == .failed
                ? problems.first { $0.kind == .failure } ?? problems.first
                : problems.first { $0.kind == .error } ?? problems.first
            xml += "      <\(element)"
            xml += attribute("message", Self.firstLine(primary?.text ?? attempt.outcome.rawValue))
            xml += attribute("type", Self.type(of: primary, outcome: attempt.outcome))
            var body = ""
            if !problems.isEmpty {
                body += "        <stackTrace>"
                body += XMLText.escapeContent(problems.map { describe($0, context: context) }.joined(separator: "\n\n"))
                body += "</stackTrace>\n"
            }
            if !attempt.output.isEmpty {
                body += "        <system-out>" + XMLText.escapeContent(Self.capped(attempt.output)) + "</system-out>\n"
            }
            xml += body.isEmpty ? "/>\n" : ">\n" + body + "      </\(element)>\n"
        }
        return xml
    }

    private func describe(_ message: TestMessage, context: ReportContext) -> String {
        var text = ""
        if let location = message.location {
            text += context.relativePath(location.file) + ":\(location.line): "
        }
        if let testCase = message.testCase {
            text += "[arguments: \(testCase)] "
        }
        return text + message.text
    }

    private func counts(_ totals: RunTotals) -> String {
        attribute("tests", String(totals.tests))
            + attribute("failures", String(totals.failed))
            + attribute("errors", String(totals.errors))
            + attribute("skipped", String(totals.skipped))
    }

    private func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(XMLText.escapeAttribute(value))\""
    }

    /// The assertion that failed (`XCTAssertEqual`), or what kind of problem it was.
    static func type(of message: TestMessage?, outcome: TestOutcome) -> String {
        guard let message else { return outcome.rawValue }
        let firstWord = message.text.prefix { !$0.isWhitespace && $0 != ":" }
        if firstWord.hasPrefix("XCT") { return String(firstWord) }
        if message.text.hasPrefix("Expectation failed") { return "expectation" }
        if message.text.hasPrefix("Caught error") || message.text.hasPrefix("threw error") { return "thrown error" }
        if message.text.hasPrefix("the test process") { return "crash" }
        return message.kind.rawValue
    }

    static func firstLine(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" }
        return line.count > 1000 ? String(line.prefix(1000)) + "…" : String(line)
    }

    static func capped(_ output: String) -> String {
        guard output.utf8.count > maxOutputBytes else { return output }
        let kept = String(decoding: output.utf8.prefix(maxOutputBytes), as: UTF8.self)
        return kept + "\n[output cut at \(maxOutputBytes) bytes; the full output is in the logs folder]"
    }

    /// Seconds with at most three decimals, as the Surefire schema's time type requires.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
    }
}
