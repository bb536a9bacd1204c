import Foundation
import TelltaleModel

/// Writes `summary.md` for `$GITHUB_STEP_SUMMARY` and pull-request comments: against the base of
/// the change when the run was compared with one (new failures first), a totals
/// table, the failing tests with their first message and location, the tests `--stress-new`
/// ran more times, the quarantined and flaky tests, warnings and known issues, tests linked to bugs, the most flaky and
/// slower-than-usual tests by the run history, and how to open the HTML report.
///
/// The result is always under `maxBytes` (GitHub refuses comments over 65,536 characters):
/// long lists are cut, with a count of what was left out.
package struct MarkdownSummaryWriter: Sendable {
    /// Bytes, under GitHub's limit of 65,536 characters (a character is at least one byte).
    package static let defaultMaxBytes = 64_000
    /// A message is shown up to this many characters, on one line.
    static let messageLimit = 300

    /// The whole summary's size limit, in UTF-8 bytes.
    package var maxBytes: Int

    package init(maxBytes: Int = Self.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// The summary, in three parts: the head (verdict, comparison, totals, facts), the sections,
    /// each cut to what the budget leaves it, and the foot on opening the full report.
    ///
    ///     ## Telltale: sample &lt;plan&gt; ❌ failed
    ///
    ///     | tests | passed | failed | errors | skipped | flaky | pass rate | duration |
    ///     |---:|---:|---:|---:|---:|---:|---:|---:|
    ///     | 8 | 3 | 3 | 1 | 1 | 1 | 42.8% | 12.3 s |
    package func write(_ record: RunRecord, context: ReportContext) -> String {
        let totals = record.totals
        let failing = record.tests.filter(\.failsRun).sorted { $0.id < $1.id }
        let quarantined = record.tests.filter { $0.outcome.isFailure && $0.quarantine != nil }.sorted { $0.id < $1.id }
        let flaky = record.tests.filter(\.isFlaky).sorted { $0.id < $1.id }
        let remarks = record.tests.sorted { $0.id < $1.id }.flatMap { test in
            test.messages.filter { $0.kind == .warning || $0.kind == .knownIssue }.map { (test, $0) }
        }
        let withBugs = record.tests.filter { !$0.bugs.isEmpty }.sorted { $0.id < $1.id }

        var head = ""
        let unattributed = record.verification?.unattributed.count ?? 0
        let verdict = record.failed ? "❌ failed" : "✅ passed"
        head += "## Telltale: \(Self.escape(PlainText.clean(record.plan.name))) \(verdict)\n\n"
        head += Self.comparisonHead(record)
        head += "| tests | passed | failed | errors | skipped | flaky | pass rate | duration |\n"
        head += "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        // Passed out of the tests that ran, rounded down to a tenth: 3 of 7 is 42.8%, never a
        // 100.0% that hides a failure.
        let counted = totals.tests - totals.skipped
        let rate = counted > 0 ? String(format: "%.1f%%", (Double(totals.passed) / Double(counted) * 1000).rounded(.down) / 10) : "–"
        head +=
            "| \(totals.tests) | \(totals.passed) | \(totals.failed) | \(totals.errors) | \(totals.skipped) | \(totals.flaky) | \(rate) | \(Self.duration(record.duration)) |\n\n"
        // One line of what else is known, ` · `-separated: `package `Sample` · Swift 6.3.1 · commit `abc123``.
        var facts = ["package `\(Self.code(record.plan.package))`"]
        if let shard = record.shard { facts.append("shard \(shard)") }
        if let seed = record.order?.seed { facts.append("shuffle seed \(seed)") }
        if let swift = record.environment.swiftVersion { facts.append(Self.escape(swift)) }
        if let commit = record.environment.gitCommit { facts.append("commit `\(Self.code(commit))`") }
        if let runs = record.history?.runs.count, runs > 1 { facts.append("\(runs) runs in the history's trend") }
        if !record.events.isEmpty { facts.append("\(record.events.count) events captured") }
        if let verification = record.verification {
            facts.append("analytics checks failed in \(verification.failedTests.count) of \(verification.tests.count) tests")
            if let coverage = verification.coverage {
                facts.append("\(coverage.events.count { $0.count > 0 }) of \(coverage.events.count) planned events sent")
            }
            if unattributed > 0 { facts.append("\(unattributed) tracking-plan violations outside any test") }
        }
        facts.append("telltale \(Self.escape(record.tool.version))")
        head += facts.joined(separator: " · ") + "\n"
        if let coverage = record.coverage { head += Self.coverageTable(coverage) }

        let dir = context.reportDirectory
        let foot = """

            ### Full report

            Open `\(Self.code(dir))/index.html` in any browser (it works offline, from the file): every test \
            with its messages, retries, output and captured events. In CI it is in the uploaded report \
            artifact. `\(Self.code(dir))/junit.xml` is for JUnit tools; `telltale report \(Self.code(dir))` \
            regenerates every report from `run.json`.

            """

        // In this order, each cut in turn; a section with nothing to list is left out.
        var sections: [Section] = []
        if let compared = comparisonSections(record, failing: failing, context: context) {
            sections += compared
        } else if !failing.isEmpty {
            sections.append(
                Section(
                    title: "Failing tests (\(failing.count))",
                    header: "| test | location | first message |\n|---|---|---|\n",
                    count: failing.count, row: { failingRow(failing[$0], context: context) },
                    leftOut: { "_…and \($0) more failing tests; see the HTML report._" }
                ))
        }
        if let stress = Self.stressSection(record) { sections.append(stress) }
        if let order = Self.orderSection(record) { sections.append(order) }
        if let coverage = record.coverage { sections += Self.coverageSections(coverage) }
        if !flaky.isEmpty {
            sections.append(
                Section(
                    title: "Flaky tests (\(flaky.count))",
                    header: "Passed on a retry; they pass the run.\n\n| test | attempts | first failure |\n|---|---:|---|\n",
                    count: flaky.count, row: { flakyRow(flaky[$0], context: context) },
                    leftOut: { "_…and \($0) more flaky tests; see the HTML report._" }
                ))
        }
        if !remarks.isEmpty {
            sections.append(
                Section(
                    title: "Warnings and known issues (\(remarks.count))",
                    header: "Recorded without failing their test.\n\n| test | kind | location | message |\n|---|---|---|---|\n",
                    count: remarks.count, row: { remarkRow(remarks[$0].0, remarks[$0].1, context: context) },
                    leftOut: { "_…and \($0) more; see the HTML report._" }
                ))
        }
        if !withBugs.isEmpty {
            sections.append(
                Section(
                    title: "Tests linked to bugs (\(withBugs.count))",
                    header: "| test | outcome | bugs |\n|---|---|---|\n",
                    count: withBugs.count,
                    row: { index in
                        let test = withBugs[index]
                        return "| \(Self.testLabel(test)) | \(test.outcome.rawValue) | \(test.bugs.map(Self.link).joined(separator: ", ")) |\n"
                    },
                    leftOut: { "_…and \($0) more; see the HTML report._" }
                ))
        }
        if !quarantined.isEmpty {
            sections.append(
                Section(
                    title: "Quarantined failures (\(quarantined.count))",
                    header: "They failed, and the plan's `quarantine:` keeps them from failing the run.\n\n"
                        + "| test | until | owner | reason | failure |\n|---|---|---|---|---|\n",
                    count: quarantined.count, row: { quarantinedRow(quarantined[$0]) },
                    leftOut: { "_…and \($0) more quarantined failures; see the HTML report._" }
                ))
        }
        if let history = record.history {
            let flakiest = history.flakiest
            if !flakiest.isEmpty {
                sections.append(
                    Section(
                        title: "Most flaky tests (last \(min(history.window, history.runs.count)) runs)",
                        header: "By the run history: retried to a pass, or failed where the same commit passed.\n\n"
                            + "| test | flaky rate | flaky runs | cause |\n|---|---:|---:|---|\n",
                        count: min(flakiest.count, 10),
                        row: { index in
                            let (id, test) = flakiest[index]
                            let cause = test.flakyCause.map { "\($0.kind.label): \(Self.oneLine($0.evidence, limit: Self.messageLimit))" } ?? ""
                            return
                                "| `\(Self.code(id))` | \(Int((test.flakyRate * 100).rounded()))% | \(test.flakyRuns) of \(test.runs) | \(cause) |\n"
                        },
                        leftOut: { "_…and \($0) more; `telltale history flaky` lists them all._" }
                    ))
            }
            let slower = history.slowerThanUsual
            if !slower.isEmpty {
                let durations = Dictionary(record.tests.map { ($0.id.rawValue, $0.duration) }) { $1 }
                sections.append(
                    Section(
                        title: "Slower than usual (\(slower.count))",
                        header: "More than twice their median time over earlier runs.\n\n| test | this run | usual |\n|---|---:|---:|\n",
                        count: slower.count,
                        row: { index in
                            let (id, test) = slower[index]
                            let now = Self.duration(durations[id] ?? 0)
                            return "| `\(Self.code(id))` | \(now) | \(Self.duration(test.usualDuration ?? 0)) |\n"
                        },
                        leftOut: { "_…and \($0) more; see the HTML report._" }
                    ))
            }
        }
        if !record.notes.isEmpty {
            sections.append(
                Section(
                    title: "Run notes (\(record.notes.count))",
                    header: "",
                    count: record.notes.count,
                    row: { "- " + Self.oneLine(PlainText.clean(record.notes[$0]), limit: Self.messageLimit, keepingCode: true) + "\n" },
                    leftOut: { "_…and \($0) more notes; see run.json._" }
                ))
        }

        // Fill sections in order within the budget, keeping room for the later sections'
        // headings and cut-off lines and for the footer.
        var body = ""
        let reserve = 400
        var budget = maxBytes - head.utf8.count - foot.utf8.count - reserve * sections.count
        for section in sections {
            budget += reserve
            var text = "\n### \(section.title)\n\n" + section.header
            var used = text.utf8.count
            var shownRows = 0
            let cutLine = section.leftOut(section.count).utf8.count + 2
            // Rows are made one by one, only as many as fit.
            for index in 0..<section.count {
                let row = section.row(index)
                let size = row.utf8.count
                if used + size + cutLine > budget { break }
                text += row
                used += size
                shownRows += 1
            }
            if shownRows < section.count {
                text += "\n" + section.leftOut(section.count - shownRows) + "\n"
            }
            budget -= text.utf8.count
            body += text
        }
        return head + body + foot
    }

    /// A `###` section whose rows are made only when they fit (`write`'s loop).
    struct Section {
        var title: String
        /// What goes between the title and the rows: an explanation and the table's head.
        var header: String
        /// Rows in all, shown or not.
        var count: Int
        /// The `index`th row, one Markdown line with its line end.
        var row: (Int) -> String
        /// The line that replaces the rows left out, given how many.
        var leftOut: (Int) -> String
    }

    /// `| `SampleTests.Retry/testAlwaysFails` | `Tests/SampleTests/Retry.swift:30` | XCTFail: still broken _(failed all 2 attempts)_ |`:
    /// the first message that explains the outcome, at its own place else the test's.
    func failingRow(_ test: TestResult, context: ReportContext) -> String {
        let message = test.primaryMessage
        let location = message?.location ?? test.location
        let place = location.map { "`\(Self.code(context.relativeLocation($0)))`" } ?? ""
        var text = message.map { Self.oneLine(PlainText.clean($0.text), limit: Self.messageLimit) } ?? test.outcome.rawValue
        if test.outcome == .error { text = "**error:** " + text }
        if let cases = test.cases {
            let failed = cases.filter(\.outcome.isFailure).map { Self.escape($0.name) }
            text += " _(\(failed.count) of \(cases.count) cases failed: \(Self.oneLine(failed.joined(separator: "; "), limit: 120)))_"
        }
        if !test.previousAttempts.isEmpty, !test.previousAttempts.contains(where: { $0.outcome == .passed }) {
            text += " _(failed all \(test.previousAttempts.count + 1) attempts)_"
        }
        if !test.bugs.isEmpty { text += " · " + test.bugs.map(Self.link).joined(separator: ", ") }
        return "| \(Self.testLabel(test)) | \(place) | \(text) |\n"
    }

    /// A warning or known issue, its argument case (`[3]`) first when it came from one.
    private func remarkRow(_ test: TestResult, _ message: TestMessage, context: ReportContext) -> String {
        let place = (message.location ?? test.location).map { "`\(Self.code(context.relativeLocation($0)))`" } ?? ""
        let kind = message.kind == .warning ? "⚠️ warning" : "known issue"
        var text = Self.oneLine(PlainText.clean(message.text), limit: Self.messageLimit)
        if let testCase = message.testCase { text = "_\\[\(Self.escape(testCase))\\]_ " + text }
        return "| \(Self.testLabel(test)) | \(kind) | \(place) | \(text) |\n"
    }

    /// The id in code, with the display name after it when the test has one.
    static func testLabel(_ test: TestResult) -> String {
        let id = "`\(code(test.id.rawValue))`"
        return test.displayName.map { "\(id) “\(oneLine(PlainText.clean($0), limit: 120))”" } ?? id
    }

    /// A bug as a Markdown link when its URL is http(s), else as text.
    static func link(_ bug: TestBug) -> String {
        let label = escape(PlainText.clean(bug.label))
        guard let url = bug.url, url.hasPrefix("https://") || url.hasPrefix("http://") else { return label }
        // What would end the link's destination or the table cell is percent-encoded.
        let safe = url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
            .replacingOccurrences(of: "|", with: "%7C")
        return "[\(label)](\(safe))"
    }

    /// The quarantine entry's until, owner and reason beside the failure it excused.
    private func quarantinedRow(_ test: TestResult) -> String {
        guard let entry = test.quarantine else { return "" }
        let message = test.primaryMessage.map { Self.oneLine(PlainText.clean($0.text), limit: Self.messageLimit) } ?? test.outcome.rawValue
        return "| `\(Self.code(test.id.rawValue))` | \(Self.escape(entry.until)) | \(Self.oneLine(entry.owner, limit: 80)) | "
            + "\(Self.oneLine(entry.reason, limit: Self.messageLimit)) | \(test.outcome == .error ? "**error:** " : "")\(message) |\n"
    }

    /// The attempts it took, and the first failed attempt's first failure or error.
    private func flakyRow(_ test: TestResult, context: ReportContext) -> String {
        let failure = test.previousAttempts.first { $0.outcome.isFailure }
        let message = failure?.messages.first { $0.kind == .failure || $0.kind == .error }
        var text = message.map { Self.oneLine(PlainText.clean($0.text), limit: Self.messageLimit) } ?? (failure?.outcome.rawValue ?? "")
        if let location = message?.location {
            text = "`\(Self.code(context.relativeLocation(location)))` " + text
        }
        return "| \(Self.testLabel(test)) | \(test.previousAttempts.count + 1) | \(text) |\n"
    }

    /// Text for a Markdown table cell or line: first line only, markup characters escaped.
    /// `keepingCode`: its `code spans` (a note's command, say) stay code, when its backticks pair up.
    static func oneLine(_ text: String, limit: Int, keepingCode: Bool = false) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        var line = String(lines.first ?? "").trimmingCharacters(in: .whitespaces)
        let more = lines.count > 1
        // `…` says the text goes on: cut at the limit, or on lines not shown.
        if line.count > limit { line = String(line.prefix(limit)) + "…" } else if more { line += " …" }
        return keepingCode ? escapeKeepingCode(line) : escape(line)
    }

    /// `escape`, but the text between paired backticks is a code span (`code`): a cut-off or
    /// lone backtick escapes the whole text.
    static func escapeKeepingCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 0 ? escape(String(part)) : "`" + code(String(part)) + "`"
        }.joined()
    }

    /// Escapes what GitHub's Markdown would read as markup, HTML, or a table-cell break.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "|": result += "\\|"
            case "\\", "`", "*", "_", "[", "]", "#", "~": result += "\\" + String(character)
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// Text inside a `code span` in a table: backticks and pipes cannot appear raw.
    static func code(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// `850 ms`, `12.3 s`, `2 min 5 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let minutes = Int(seconds) / 60
        return "\(minutes) min \(Int(seconds.rounded()) - minutes * 60) s"
    }
}
