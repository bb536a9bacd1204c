import Foundation
import TelltaleModel

/// Writes a run record as JUnit XML that validates against the extended Surefire
/// schema and reads correctly in the common publishers (GitHub, GitLab, Jenkins).
///
/// One `testsuite` per test class or suite; each `testcase` carries `classname`,
/// `name`, `time`, and `file`/`line` where known. A failing test gets one
/// `failure` (or `error`) element whose `message` is the first message's first
/// line and whose body holds every message with its location. A retried test stays one
/// `testcase`: its earlier failed attempts follow as `flakyFailure`/`flakyError` (it passed
/// in the end) or `rerunFailure`/`rerunError` (it never passed), so a name is never repeated.
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
///
/// A run compared with the base of its change gives each test it classed `comparison` properties
/// (`TestComparison.properties`: `newFailure`, `stillFailing`, …).
///
/// `files(_:context:limits:)` keeps to `JUnitLimits` (GitLab's by default): a run with more
/// elements or bytes than one file may hold continues in `junit-2.xml`, …, a suite split
/// across files keeping its name; when all files together would pass the byte limit, tests'
/// output is left out, passing tests' first. Every `(suite, classname, name)` is unique across
/// the files, which is GitLab's key for a test case.
package struct JUnitWriter: Sendable {
    /// Output beyond this many bytes per test is cut, with a note; review tools choke on more.
    package static let maxOutputBytes = 1 << 20
    /// Failing tests' output is cut to this when the files would be too large even without
    /// passing tests' output.
    package static let shortOutputBytes = 64 * 1024

    package init() {}

    /// The run as one JUnit document, whatever its size.
    package func write(_ record: RunRecord, context: ReportContext) -> Data {
        files(record, context: context, limits: .unlimited).documents[0]
    }

    /// The run as JUnit documents that each keep to `limits` (`junit.xml`, `junit-2.xml`, …),
    /// with notes on what was split or left out. There is always at least one document.
    package func files(_ record: RunRecord, context: ReportContext, limits: JUnitLimits = .gitLab) -> JUnitFiles {
        let suites = Dictionary(grouping: record.tests, by: \.id.suiteName).sorted { $0.key < $1.key }
        // Render, and render again with less output until the whole fits the byte limit in all (or
        // there is nothing left to leave out); only then are the files cut.
        var allowance = OutputAllowance.full
        var rendered = render(suites, allowance: allowance, context: context, comparison: record.comparison)
        while Self.bytes(of: rendered) > limits.maxBytesInAll, let less = allowance.less {
            allowance = less
            rendered = render(suites, allowance: allowance, context: context, comparison: record.comparison)
        }
        var notes: [String] = []
        if let note = allowance.note(limit: limits.maxBytesInAll, logs: context.logsPath) { notes.append(note) }
        let documents = pack(rendered, record: record, limits: limits)
        let size = documents.reduce(0) { $0 + $1.count }
        if documents.count > 1 {
            let elements = rendered.reduce(1) { $0 + 1 + $1.cases.reduce(0) { $0 + $1.elements } }
            let names = documents.indices.map(JUnitFiles.fileName)
            notes.append(
                "junit: \(elements) XML elements and \(size) bytes are more than one file may hold (GitLab: "
                    + "\(limits.maxElementsPerFile) elements, \(limits.maxBytesPerFile) bytes); the results continue in "
                    + "\(names.dropFirst().joined(separator: ", ")): point the CI's JUnit reader at junit*.xml")
        }
        if size > limits.maxBytesInAll {
            notes.append("junit: \(size) bytes even without the tests' output, over the \(limits.maxBytesInAll) a CI job may upload (GitLab)")
        }
        return JUnitFiles(documents: documents, notes: notes)
    }

    /// Every suite's test cases, rendered with the output `allowance` permits.
    private func render(
        _ suites: [(key: String, value: [TestResult])], allowance: OutputAllowance, context: ReportContext, comparison: BaselineComparison?
    ) -> [(name: String, cases: [RenderedCase])] {
        suites.map { suite in
            (suite.key, suite.value.flatMap { renderedCases($0, allowance: allowance, context: context, comparison: comparison) })
        }
    }

    /// A generous bound on what a `testsuite`'s own tags (or the root's) add to a file.
    private static let wrapperBytes = 1024

    private static func bytes(of suites: [(name: String, cases: [RenderedCase])]) -> Int {
        suites.reduce(wrapperBytes) { total, suite in suite.cases.reduce(total + wrapperBytes) { $0 + $1.xml.utf8.count } }
    }

    /// Fills documents in suite order, starting a new one when the next test case would pass a
    /// limit; a suite that does not fit is continued, under its own name, in the next. A test
    /// case larger than a whole file goes alone in one.
    private func pack(_ suites: [(name: String, cases: [RenderedCase])], record: RunRecord, limits: JUnitLimits) -> [Data] {
        var documents: [Data] = []
        var body = ""
        var elements = 1
        var bytes = Self.wrapperBytes
        var totals = RunTotals()
        func finishDocument() {
            documents.append(document(body: body, totals: totals, record: record))
            (body, elements, bytes, totals) = ("", 1, Self.wrapperBytes, RunTotals())
        }
        for suite in suites {
            var start = suite.cases.startIndex
            while start < suite.cases.endIndex {
                // The cases of this suite that still fit in the current document: `end` past the last.
                // The first case of an empty document is taken whatever its size, so nothing loops.
                var end = start
                var portionElements = 1
                var portionBytes = Self.wrapperBytes
                while end < suite.cases.endIndex {
                    let next = suite.cases[end]
                    let fits =
                        elements + portionElements + next.elements <= limits.maxElementsPerFile
                        && bytes + portionBytes + next.xml.utf8.count <= limits.maxBytesPerFile
                    guard fits || (end == start && body.isEmpty) else { break }
                    portionElements += next.elements
                    portionBytes += next.xml.utf8.count
                    end += 1
                }
                if end == start {
                    finishDocument()
                    continue
                }
                let portion = suite.cases[start..<end]
                body += testSuite(name: suite.name, cases: portion, record: record)
                elements += portionElements
                bytes += portionBytes
                for testCase in portion { totals.add(testCase.outcome) }
                start = end
            }
        }
        if !body.isEmpty || documents.isEmpty { finishDocument() }
        return documents
    }

    /// A whole file: the root `testsuites`, counting the test cases in this file alone, and `body`.
    private func document(body: String, totals: RunTotals, record: RunRecord) -> Data {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites"
        xml += attribute("name", record.plan.name)
        xml += counts(totals)
        xml += attribute("time", Self.seconds(record.duration))
        xml += attribute("timestamp", Self.timestamp(record.startedAt))
        xml += ">\n"
        xml += body
        xml += "</testsuites>\n"
        return Data(xml.utf8)
    }

    /// `<testsuite name="SampleTests.Retry" tests="2" failures="1" errors="0" skipped="0" time="0.600"
    /// timestamp="2026-11-21T05:20:05" hostname="ci-host">`, dated by its earliest case.
    private func testSuite(name: String, cases: ArraySlice<RenderedCase>, record: RunRecord) -> String {
        var totals = RunTotals()
        for testCase in cases { totals.add(testCase.outcome) }
        let started = cases.compactMap(\.startedAt).min() ?? record.startedAt
        var xml = "  <testsuite"
        xml += attribute("name", name)
        xml += counts(totals)
        xml += attribute("time", Self.seconds(cases.reduce(0) { $0 + $1.suiteTime }))
        xml += attribute("timestamp", Self.timestamp(started))
        xml += attribute("hostname", record.environment.host)
        xml += ">\n"
        for testCase in cases { xml += testCase.xml }
        xml += "  </testsuite>\n"
        return xml
    }

    /// `tests`, `failures`, `errors` and `skipped`, as published (a quarantined failure a skip).
    private func counts(_ totals: RunTotals) -> String {
        attribute("tests", String(totals.tests))
            + attribute("failures", String(totals.failed))
            + attribute("errors", String(totals.errors))
            + attribute("skipped", String(totals.skipped))
    }

    func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(XMLText.escapeAttribute(value))\""
    }

    /// Seconds with at most three decimals, as the Surefire schema's time type requires.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }

    /// `2026-11-21T05:20:05`: whole seconds and no zone, as JUnit's schema has it (in UTC).
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
    }
}
