import TelltaleModel

/// Writes GitHub Actions workflow commands that annotate a pull request's diff:
/// `::error file=…,line=…,title=…::message` for failing tests (new failures first, against the
/// base; under `--fail-on new` those already failing on the base are warnings), `::warning` for quarantined
/// failures (which do not fail the run), flaky tests, warnings tests recorded
/// (`Issue.record(_:severity: .warning)`), at the line that recorded them, and changed lines
/// no test ran (`::warning file=…,line=…,endLine=…::`, one per range, after the others).
///
/// GitHub shows at most 10 error and 10 warning annotations per step, so the most useful
/// come first (failures with a source location, then errors, then the rest) and, when
/// there are more, the last slot says how many were left out.
package struct GitHubAnnotationWriter: Sendable {
    /// GitHub's per-step limit for each of `error` and `warning`.
    package static let perStepLimit = 10
    /// Longer messages are cut; the annotation links to the line, the report has the rest.
    static let messageLimit = 4000

    package init() {}

    /// One workflow command per line; empty when there is nothing to annotate.
    ///
    ///     ::error file=Tests/SampleTests/Retry.swift,line=30,title=failed%3A SampleTests.Retry/testAlwaysFails::Tests/SampleTests/Retry…
    ///     ::warning file=Tests/SampleTests/Retry.swift,line=21,title=flaky%3A SampleTests.Retry/testEventuallyPasses::failed 2 of 3 …
    package func write(_ record: RunRecord, context: ReportContext) -> String {
        // New failures first (against the base, when the run was compared with one).
        // Ties keep the record's order, so the same record always annotates the same ten.
        let order = { (test: TestResult) in (Self.baseRank(test, in: record), rank(test)) }
        let failing = record.tests.enumerated()
            .filter { $0.element.failsRun }
            .sorted { order($0.element) != order($1.element) ? order($0.element) < order($1.element) : $0.offset < $1.offset }
            .map(\.element)
        let quarantined = record.tests.filter { $0.outcome.isFailure && $0.quarantine != nil }
        let flaky = record.tests.filter(\.isFlaky)
        var lines: [String] = []
        lines += budgeted(failing.filter(record.failsRunUnderPolicy).map { failure($0, in: record, context: context) }, kind: "error") {
            "\($0) more failing tests are not annotated; see the report's summary.md or index.html"
        }
        let recorded = record.tests.flatMap { test in
            test.messages.filter { $0.kind == .warning }.map { recordedWarning($0, of: test, context: context) }
        }
        // Under `--fail-on new`, a failure the base had too fails nothing: a warning.
        let excused = failing.filter { !record.failsRunUnderPolicy($0) }.map { failure($0, in: record, context: context) }
        // Errors and warnings have budgets of their own; among the warnings the failures the base
        // excuses come first and the uncovered lines last.
        let warnings =
            excused + quarantined.map { quarantinedWarning($0, context: context) } + flaky.map { flakyWarning($0, context: context) }
            + recorded + uncoveredChanges(record.coverage)
        lines += budgeted(warnings, kind: "warning") {
            "\($0) more warnings (quarantined or flaky tests, recorded warnings, changed lines no test ran) are not annotated; see the report's summary.md or index.html"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A workflow command's properties and message, before escaping. One without a `file` is
    /// shown on the workflow run, not in the diff.
    private struct Annotation {
        /// Relative to where Telltale ran; for changed lines, to the repository's top.
        var file: String?
        var line: Int?
        /// The last line of a range (changed lines no test ran); nil for one line.
        var endLine: Int?
        var column: Int?
        /// One line, at most 200 characters once written.
        var title: String
        var message: String
    }

    /// Each range of changed lines that no test ran, at its place in the diff.
    private func uncoveredChanges(_ coverage: CoverageSummary?) -> [Annotation] {
        guard let coverage, let diff = coverage.diff else { return [] }
        return diff.files.flatMap { file in
            file.uncovered.map { range in
                Annotation(
                    file: coverage.repositoryPath(file.path), line: range.start, endLine: range.end == range.start ? nil : range.end,
                    title: "Not covered by tests",
                    message:
                        "\(range.start == range.end ? "Line \(range.start)" : "Lines \(range.description)") changed since \(diff.base), and no test ran \(range.start == range.end ? "it" : "them")"
                )
            }
        }
    }

    /// Failed with a location, errors with a location, then failures and errors without one.
    private func rank(_ test: TestResult) -> Int {
        let located = location(of: test) != nil
        switch (test.outcome, located) {
        case (.failed, true): return 0
        case (_, true): return 1
        case (.failed, false): return 2
        default: return 3
        }
    }

    private func location(of test: TestResult) -> SourceLocation? {
        test.reviewLocation
    }

    /// `failure`, its title saying what the base did (`[new failure] failed: ID`).
    private func failure(_ test: TestResult, in record: RunRecord, context: ReportContext) -> Annotation {
        var annotation = failure(test, context: context)
        annotation.title = Self.titlePrefix(test, in: record) + annotation.title
        return annotation
    }

    /// Every failure and error of the test with its place, at the place reviewers should look
    /// (`reviewLocation`).
    private func failure(_ test: TestResult, context: ReportContext) -> Annotation {
        let problems = test.messages.filter { $0.kind == .failure || $0.kind == .error }
        var message = problems.map { message in
            var text = message.location.map { context.relativeLocation($0) + ": " } ?? ""
            if let testCase = message.testCase { text += "[arguments: \(testCase)] " }
            return text + message.text
        }.joined(separator: "\n\n")
        if message.isEmpty { message = test.outcome == .error ? "the test ended with an error" : "the test failed" }
        if !test.previousAttempts.isEmpty { message += "\n\n(failed all \(test.previousAttempts.count + 1) attempts)" }
        let location = location(of: test)
        return Annotation(
            file: location.map { context.relativePath($0.file) }, line: location?.line, column: location?.column,
            title: "\(test.outcome == .error ? "error in" : "failed:") \(test.id.rawValue)", message: message
        )
    }

    /// The failure, as a warning: the entry says why it does not fail the run.
    private func quarantinedWarning(_ test: TestResult, context: ReportContext) -> Annotation {
        var annotation = failure(test, context: context)
        annotation.title = "quarantined, \(test.outcome == .error ? "error in" : "failed:") \(test.id.rawValue)"
        if let entry = test.quarantine { annotation.message = entry.summary + "\n\n" + annotation.message }
        return annotation
    }

    /// `failed 2 of 3 attempts, then passed`, at the first failure's line.
    private func flakyWarning(_ test: TestResult, context: ReportContext) -> Annotation {
        let failures = test.previousAttempts.filter { $0.outcome.isFailure }
        let first = failures.first?.messages.first { $0.kind == .failure || $0.kind == .error }
        var message = "failed \(failures.count) of \(test.previousAttempts.count + 1) attempts, then passed"
        if let first { message += ":\n" + (first.location.map { context.relativeLocation($0) + ": " } ?? "") + first.text }
        let location = first?.location ?? test.location
        return Annotation(
            file: location.map { context.relativePath($0.file) }, line: location?.line, column: location?.column,
            title: "flaky: \(test.id.rawValue)", message: message
        )
    }

    /// A warning a passing test recorded, at the line that recorded it.
    private func recordedWarning(_ message: TestMessage, of test: TestResult, context: ReportContext) -> Annotation {
        let location = message.location ?? test.location
        var text = message.text
        if let testCase = message.testCase { text = "[arguments: \(testCase)] " + text }
        return Annotation(
            file: location.map { context.relativePath($0.file) }, line: location?.line, column: location?.column,
            title: "warning in \(test.id.rawValue)", message: text
        )
    }

    /// At most `perStepLimit` commands of `kind`: past that, the first nine and a tenth, with no
    /// place, that counts the rest.
    private func budgeted(_ annotations: [Annotation], kind: String, leftOut: (Int) -> String) -> [String] {
        var kept = annotations
        if annotations.count > Self.perStepLimit {
            kept = Array(annotations.prefix(Self.perStepLimit - 1))
            kept.append(Annotation(title: "Telltale", message: leftOut(annotations.count - kept.count)))
        }
        return kept.map { command(kind, $0) }
    }

    /// `::KIND file=…,line=…,endLine=…,col=…,title=…::MESSAGE`, each part escaped as GitHub reads it.
    private func command(_ kind: String, _ annotation: Annotation) -> String {
        var properties: [String] = []
        if let file = annotation.file { properties.append("file=" + Self.escapeProperty(file)) }
        if let line = annotation.line { properties.append("line=\(line)") }
        if let endLine = annotation.endLine { properties.append("endLine=\(endLine)") }
        if let column = annotation.column { properties.append("col=\(column)") }
        properties.append("title=" + Self.escapeProperty(PlainText.firstLine(PlainText.clean(annotation.title), limit: 200)))
        let message = PlainText.capped(PlainText.clean(annotation.message), bytes: Self.messageLimit, note: "[cut; see the report]")
        return "::\(kind) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    /// GitHub's escaping for a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping for a command's property values: the message's, plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
