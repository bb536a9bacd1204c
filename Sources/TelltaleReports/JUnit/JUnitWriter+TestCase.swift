import Foundation
import TelltaleModel

/// One rendered `testcase`, with what packing it into files needs to know.
struct RenderedCase: Sendable {
    /// The `<testcase …>…</testcase>` lines, indented for their `testsuite`.
    var xml: String
    /// Its elements as GitLab counts them (`JUnitWriter.elementCount`), for the files' limit.
    var elements: Int
    /// As published: a quarantined failure counts as skipped.
    var outcome: TestOutcome
    /// The test's duration on its first case, 0 on the others, so a suite's time counts it once.
    var suiteTime: Double
    /// The test's start, for its suite's `timestamp` (the earliest of its cases').
    var startedAt: Date?
}

/// How much of the tests' output the JUnit files carry: all of it (each test's cut at
/// `maxOutputBytes`) unless the files would pass the run's byte limit; then none of the
/// passing and skipped tests', then failing tests' cut at `shortOutputBytes`.
enum OutputAllowance: Sendable {
    case full, failingOnly, failingShort

    /// The next, smaller allowance to try when the files are still too large; nil after the last.
    var less: OutputAllowance? {
        switch self {
        case .full: .failingOnly
        case .failingOnly: .failingShort
        case .failingShort: nil
        }
    }

    /// Bytes of a test's output to keep; nil leaves it out.
    func cap(failing: Bool) -> Int? {
        switch self {
        case .full: JUnitWriter.maxOutputBytes
        case .failingOnly: failing ? JUnitWriter.maxOutputBytes : nil
        case .failingShort: failing ? JUnitWriter.shortOutputBytes : nil
        }
    }

    /// The run note saying what was left out of the files, for stderr and `run.json`; nil at `full`.
    func note(limit: Int, logs: String) -> String? {
        let what: String
        switch self {
        case .full: return nil
        case .failingOnly: what = "passing and skipped tests' output was left out of them"
        case .failingShort:
            what = "passing and skipped tests' output was left out of them, failing tests' cut at \(JUnitWriter.shortOutputBytes) bytes"
        }
        return "junit: with all of the tests' output the JUnit files would pass \(limit) bytes, what a CI job may upload (GitLab); "
            + "\(what); run.json and \(logs)/tests.log keep all of it"
    }
}

extension JUnitWriter {
    /// One `testcase`, its children in this order: the outcome's element, the reruns, the
    /// properties, then `system-out`:
    ///
    ///     <testcase classname="SampleTests.Failing" name="testTwoAsserts" time="0.500" file="Tests/SampleTests/Failing.swift" line="12">
    ///       <failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;)" type="XCTAssertEqual">…</failure>
    ///       <system-out>log line …</system-out>
    ///     </testcase>
    ///
    /// `name` is the argument case's (`isSmall(_:) [3]`) for a parameterized test's unit; `more`,
    /// properties to add (the comparison with the base).
    private func testCase(
        _ test: TestResult, context: ReportContext, cap: Int?, name: String? = nil, more: [(name: String, value: String)] = []
    ) -> String {
        var xml = "    <testcase"
        xml += attribute("classname", test.id.suiteName)
        xml += attribute("name", name ?? test.id.listedName)
        xml += attribute("time", Self.seconds(test.duration))
        let location = test.reviewLocation
        if let location {
            xml += attribute("file", context.relativePath(location.file))
            xml += attribute("line", String(location.line))
        }
        var children = ""
        if let entry = test.quarantine, test.outcome.isFailure {
            return xml + ">\n" + quarantined(test, entry: entry, context: context, cap: cap) + "    </testcase>\n"
        }
        switch test.outcome {
        case .passed:
            break
        case .skipped:
            let reason = test.primaryMessage?.text ?? "skipped"
            children += "      <skipped" + attribute("message", Self.firstLine(reason)) + "/>\n"
        case .failed, .error:
            let element = test.outcome == .failed ? "failure" : "error"
            // The first line of the message that explains the outcome in `message`, every failure
            // and error with its place in the element's text.
            let problems = test.messages.filter { $0.kind == .failure || $0.kind == .error }
            let primary = test.primaryMessage
            children += "      <\(element)"
            children += attribute("message", Self.firstLine(primary?.text ?? test.outcome.rawValue))
            children += attribute("type", Self.type(of: primary, outcome: test.outcome))
            children += ">"
            children += XMLText.escapeContent(problems.map { describe($0, context: context) }.joined(separator: "\n\n"))
            children += "</\(element)>\n"
        }
        children += reruns(test, context: context, cap: cap)
        children += properties(tags: test.tags, attachments: test.attachments, more: test.orderProperties + more, context: context)
        children += systemOut(messages: test.messages, attachments: test.attachments, output: test.output, context: context, cap: cap)
        // A passing test with nothing else to say is one self-closed line.
        if children.isEmpty { return xml + "/>\n" }
        return xml + ">\n" + children + "    </testcase>\n"
    }

    /// The test's `testcase` elements: one per argument case for a parameterized test, as
    /// `caseUnits()` splits it (a quarantined failure stays one, as a skip), else one; each with
    /// the test's class against the base (`comparison`) among its properties.
    func renderedCases(
        _ test: TestResult, allowance: OutputAllowance, context: ReportContext, comparison: BaselineComparison? = nil
    ) -> [RenderedCase] {
        let compared = comparison.flatMap { comparison in
            comparison.baseline.flatMap { baseline in comparison.tests[test.id.rawValue]?.properties(baseline: baseline.name) }
        }
        let cap = allowance.cap(failing: test.outcome.isFailure)
        let units: [(name: String, result: TestResult)] =
            test.cases?.isEmpty == false && !(test.quarantine != nil && test.outcome.isFailure)
            ? test.caseUnits() : [(test.id.listedName, test)]
        return units.enumerated().map { index, unit in
            let xml = testCase(unit.result, context: context, cap: cap, name: unit.name, more: compared ?? [])
            return RenderedCase(
                xml: xml, elements: Self.elementCount(xml), outcome: Self.asPublished(unit.result).outcome,
                suiteTime: index == 0 ? test.duration : 0, startedAt: test.startedAt)
        }
    }

    /// The elements in rendered XML, as GitLab counts a document's objects: each start tag.
    /// Text is escaped, so every `<` in it begins a tag.
    static func elementCount(_ xml: String) -> Int {
        var count = 0
        var afterOpen = false
        for byte in xml.utf8 {
            if afterOpen, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "!") { count += 1 }
            afterOpen = byte == UInt8(ascii: "<")
        }
        return count
    }

    /// A `properties` element with a `tag` per tag, an `attachment` per attachment and `more`
    /// (`orderProperties`), or nothing.
    private func properties(
        tags: [String], attachments: [TestAttachment], more: [(name: String, value: String)], context: ReportContext
    ) -> String {
        guard !tags.isEmpty || !attachments.isEmpty || !more.isEmpty else { return "" }
        var xml = "      <properties>\n"
        for tag in tags {
            xml += "        <property" + attribute("name", "tag") + attribute("value", tag) + "/>\n"
        }
        for attachment in attachments {
            xml +=
                "        <property" + attribute("name", "attachment") + attribute("value", attachmentPath(attachment, context: context))
                + "/>\n"
        }
        for (name, value) in more {
            xml += "        <property" + attribute("name", name) + attribute("value", value) + "/>\n"
        }
        return xml + "      </properties>\n"
    }

    /// Warnings and known issues with their location, attachments in GitLab's and Jenkins'
    /// form, then the test's output.
    private func systemOut(
        messages: [TestMessage], attachments: [TestAttachment], output: String, context: ReportContext, cap: Int?
    ) -> String {
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
        if !output.isEmpty { lines.append(Self.capped(output, cap: cap, logs: context.logsPath)) }
        guard !lines.isEmpty else { return "" }
        return "      <system-out>" + XMLText.escapeContent(lines.joined(separator: "\n")) + "</system-out>\n"
    }

    /// The attachment's path from where Telltale ran (`Reports/attachments/…`), as CI artifacts keep it.
    private func attachmentPath(_ attachment: TestAttachment, context: ReportContext) -> String {
        context.relativePath("\(context.reportDirectory)/\(attachment.path)")
    }

    /// A quarantined failure as a skip: the real outcome and the entry in the message, the
    /// failure itself (every attempt) and the output in `system-out`.
    private func quarantined(_ test: TestResult, entry: QuarantineEntry, context: ReportContext, cap: Int?) -> String {
        let primary = test.primaryMessage?.text ?? test.outcome.rawValue
        let message = "\(test.outcome == .failed ? "failed" : "error") (\(entry.summary)): \(Self.firstLine(primary))"
        var output = "\(entry.summary)\nreal outcome: \(test.outcome.rawValue)\n"
        for attempt in test.previousAttempts where attempt.outcome.isFailure {
            let text = attempt.messages.filter { $0.kind == .failure || $0.kind == .error }.map { describe($0, context: context) }
            output += "\nearlier attempt (\(attempt.outcome.rawValue)):\n" + text.joined(separator: "\n\n") + "\n"
        }
        let problems = test.messages.filter { $0.kind == .failure || $0.kind == .error }
        output += "\n" + problems.map { describe($0, context: context) }.joined(separator: "\n\n")
        if !test.output.isEmpty { output += "\n\n" + Self.capped(test.output, cap: cap, logs: context.logsPath) }
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
    private func reruns(_ test: TestResult, context: ReportContext, cap: Int?) -> String {
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
            // The attempt's own message of its kind: a failure for a `…Failure`, an error for a `…Error`.
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
                body +=
                    "        <system-out>" + XMLText.escapeContent(Self.capped(attempt.output, cap: cap, logs: context.logsPath)) + "</system-out>\n"
            }
            xml += body.isEmpty ? "/>\n" : ">\n" + body + "      </\(element)>\n"
        }
        return xml
    }

    /// `Tests/SampleTests/Checkout.swift:42: [arguments: "4000"] Expectation failed: …`: the message
    /// with its place from where Telltale ran, and the argument case it came from.
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

    /// The assertion that failed (`XCTAssertEqual`), or what kind of problem it was.
    static func type(of message: TestMessage?, outcome: TestOutcome) -> String {
        guard let message else { return outcome.rawValue }
        let firstWord = message.text.prefix { !$0.isWhitespace && $0 != ":" }
        if firstWord.hasPrefix("XCT") { return String(firstWord) }
        if message.text.hasPrefix("Expectation failed") { return "expectation" }
        if message.text.hasPrefix("Caught error") || message.text.hasPrefix("threw error") { return "thrown error" }
        if message.isCrashReport { return "crash" }
        return message.kind.rawValue
    }

    /// The text's first line, at most 1,000 characters, for a `message` attribute.
    static func firstLine(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" }
        return line.count > 1000 ? String(line.prefix(1000)) + "…" : String(line)
    }

    /// The output cut at `cap` bytes with a note, or a note in its place when `cap` is nil.
    static func capped(_ output: String, cap: Int?, logs: String) -> String {
        guard let cap else {
            return "[\(output.utf8.count) bytes of output left out to keep the JUnit files under the size a CI job may upload; "
                + "they are in run.json and \(logs)/tests.log]"
        }
        guard output.utf8.count > cap else { return output }
        // A character the cut splits is replaced, not left as invalid UTF-8.
        let kept = String(decoding: output.utf8.prefix(cap), as: UTF8.self)
        return kept + "\n[output cut at \(cap) bytes; the full output is in \(logs)/tests.log]"
    }

}
