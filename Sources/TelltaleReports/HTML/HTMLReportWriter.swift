import Foundation
import TelltaleModel

/// Writes `index.html`: one self-contained file (inline CSS, script and data; no network)
/// that opens from `file://`.
///
/// The record goes in as JSON inside `<script type="application/json">`, escaped by
/// `ScriptJSON` so no captured string can end the element; the page's script builds the
/// DOM with `textContent` only. The test list is virtualised and a test's details are
/// built when it is opened, so 10,000 tests and 100,000 events open quickly. A record with an
/// analytics verdict (`verification`) also gets the Analytics view and each test's checks
/// (`HTMLReportWriter+Verification.swift`, `HTMLReportTemplate+Analytics.swift`); one without
/// gets exactly the page it got before.
public struct HTMLReportWriter: Sendable {
    /// A test's output beyond this many bytes is cut in the page, with a pointer to the logs.
    public static let maxOutputBytes = 256 * 1024

    /// The report folder that attachments' paths are relative to: images and text are read from
    /// it and inlined (`HTMLAttachmentEmbedder`). Nil links them instead.
    public var attachmentsRoot: String?
    /// The files whose source the Coverage section shows line by line (`CoverageSourceViews`
    /// chooses them); the others list their figures only.
    public var coverageSources: [CoverageSourceView]

    public init(attachmentsRoot: String? = nil, coverageSources: [CoverageSourceView] = []) {
        self.attachmentsRoot = attachmentsRoot
        self.coverageSources = coverageSources
    }

    public func write(_ record: RunRecord, context: ReportContext) -> Data {
        let totals = record.totals
        // The analytics styles and script only go in with a verdict to show: a record without
        // one gives the same page as before verification existed.
        let analytics = record.verification != nil
        // Likewise trends and quarantine: only for a record with a history or a quarantined test.
        let history = record.history != nil || record.tests.contains { $0.quarantine != nil }
        // And what Swift Testing says beyond pass or fail: names, tags, bugs, cases, attachments.
        let rich = Self.hasRichResults(record)
        // And code coverage, for a run that measured it.
        let coverage = record.coverage != nil
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="generator" content="telltale \(XMLText.escapeAttribute(context.toolVersion))">
            <title>\(XMLText.escapeContent(PlainText.clean(record.plan.name))): \(totals.summaryLine)</title>
            <style>
            \(HTMLReportTemplate.css)\(analytics ? HTMLReportTemplate.analyticsCSS : "")\(history ? HTMLReportTemplate.historyCSS : "")\(rich ? HTMLReportTemplate.richResultsCSS : "")\(coverage ? HTMLReportTemplate.coverageCSS : "")</style>
            </head>
            <body>
            <noscript><p>This report needs JavaScript. The same results are in junit.xml and summary.md beside it.</p></noscript>
            <div id="app"></div>
            <script type="application/json" id="telltale-data">
            """
        var data = Data(html.utf8)
        data.append(contentsOf: payload(record, context: context))
        html = """
            </script>
            <script>
            \(HTMLReportTemplate.script(analytics: analytics, history: history, richResults: rich, coverage: coverage))</script>
            </body>
            </html>

            """
        data.append(contentsOf: html.utf8)
        return data
    }

    /// The report's data, as the page's script reads it.
    func payload(_ record: RunRecord, context: ReportContext) -> [UInt8] {
        let tests = Self.ordered(record.tests)
        var json = ScriptJSON(capacity: record.events.count * 160 + tests.count * 400 + 4096)
        json.raw("{")
        run(record, context: context, into: &json)

        // Events grouped by test in list order; events of no known test last.
        var position: [TestID: Int] = [:]
        position.reserveCapacity(tests.count)
        for (index, test) in tests.enumerated() { position[test.id] = index }

        var verifications: [TestID: TestVerification] = [:]
        if let report = record.verification {
            json.raw(",")
            verificationSummary(report, position: position, context: context, into: &json)
            verifications.reserveCapacity(report.tests.count)
            for verification in report.tests where verifications[verification.test] == nil {
                verifications[verification.test] = verification
            }
        }
        var buckets = [[Int]](repeating: [], count: tests.count + 1)
        for (index, event) in record.events.enumerated() {
            buckets[event.test.flatMap { position[$0] } ?? tests.count].append(index)
        }
        var ranges: [(start: Int, count: Int)] = []
        var next = 0
        for bucket in buckets {
            ranges.append((next, bucket.count))
            next += bucket.count
        }

        if let history = record.history {
            json.raw(",")
            runHistory(history, into: &json)
        }
        if let measured = record.coverage {
            json.raw(",")
            coverage(measured, history: record.history, into: &json)
        }
        json.raw(",\"tests\":[")
        var embedder = HTMLAttachmentEmbedder(root: attachmentsRoot)
        for (index, test) in tests.enumerated() {
            if index > 0 { json.raw(",") }
            self.test(
                test, events: ranges[index], verification: verifications[test.id], history: record.history?.tests[test.id.rawValue],
                origin: record.startedAt, context: context, embedder: &embedder, into: &json
            )
        }
        json.raw("],\"events\":[")
        var first = true
        for (bucketIndex, bucket) in buckets.enumerated() {
            let origin = bucketIndex < tests.count ? (tests[bucketIndex].startedAt ?? record.startedAt) : record.startedAt
            for eventIndex in bucket {
                if !first { json.raw(",") }
                first = false
                let event = record.events[eventIndex]
                json.raw("[")
                json.int(Int((event.receivedAt.timeIntervalSince(origin) * 1000).rounded()))
                json.raw(",")
                json.string(event.name)
                json.raw(",")
                json.string(event.source.rawValue)
                json.raw(",")
                json.object(event.params)
                json.raw("]")
            }
        }
        json.raw("],\"unattributed\":[")
        json.int(ranges[tests.count].start)
        json.raw(",")
        json.int(ranges[tests.count].count)
        json.raw("]}")
        return json.bytes
    }

    /// Failures first (failed and errors together, by id), then flaky, skipped, passed.
    static func ordered(_ tests: [TestResult]) -> [TestResult] {
        func rank(_ test: TestResult) -> Int {
            switch test.outcome {
            case .failed, .error: 0
            case .passed: test.isFlaky ? 1 : 3
            case .skipped: 2
            }
        }
        return tests.enumerated()
            .map { (rank: rank($0.element), offset: $0.offset, test: $0.element) }
            .sorted { ($0.rank, $0.test.id.rawValue, $0.offset) < ($1.rank, $1.test.id.rawValue, $1.offset) }
            .map(\.test)
    }

    private func run(_ record: RunRecord, context: ReportContext, into json: inout ScriptJSON) {
        let totals = record.totals
        json.key("run")
        json.raw("{")
        json.key("name")
        json.string(PlainText.clean(record.plan.name))
        json.raw(",")
        json.key("package")
        json.string(record.plan.package)
        if let path = record.plan.path {
            json.raw(",")
            json.key("plan")
            json.string(path)
        }
        json.raw(",")
        json.key("startedAt")
        json.string(Self.iso8601(record.startedAt))
        json.raw(",")
        json.key("duration")
        json.number(record.duration)
        json.raw(",")
        json.key("host")
        json.string(record.environment.host)
        json.raw(",")
        json.key("os")
        json.string(record.environment.operatingSystem)
        if let swift = record.environment.swiftVersion {
            json.raw(",")
            json.key("swift")
            json.string(swift)
        }
        if let commit = record.environment.gitCommit {
            json.raw(",")
            json.key("commit")
            json.string(commit)
        }
        if let shard = record.shard {
            json.raw(",")
            json.key("shard")
            json.string(shard.description)
        }
        json.raw(",")
        json.key("tool")
        json.string(record.tool.version)
        json.raw(",")
        json.key("reporter")
        json.string(context.toolVersion)
        json.raw(",")
        json.key("generatedAt")
        json.string(Self.iso8601(context.generatedAt))
        json.raw(",")
        json.key("events")
        json.int(record.events.count)
        if !record.notes.isEmpty {
            json.raw(",")
            json.key("notes")
            json.raw("[")
            for (index, note) in record.notes.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(PlainText.clean(note))
            }
            json.raw("]")
        }
        json.raw("},")
        json.key("totals")
        json.raw("{")
        json.key("tests")
        json.int(totals.tests)
        json.raw(",")
        json.key("passed")
        json.int(totals.passed)
        json.raw(",")
        json.key("failed")
        json.int(totals.failed)
        json.raw(",")
        json.key("errors")
        json.int(totals.errors)
        json.raw(",")
        json.key("skipped")
        json.int(totals.skipped)
        json.raw(",")
        json.key("flaky")
        json.int(totals.flaky)
        if totals.quarantined > 0 {
            json.raw(",")
            json.key("quarantined")
            json.int(totals.quarantined)
        }
        json.raw("}")
    }

    private func test(
        _ test: TestResult, events: (start: Int, count: Int), verification: TestVerification?, history: TestHistory?,
        origin: Date, context: ReportContext, embedder: inout HTMLAttachmentEmbedder, into json: inout ScriptJSON
    ) {
        json.raw("{")
        json.key("id")
        json.string(test.id.rawValue)
        json.raw(",")
        json.key("o")
        json.string(test.outcome.rawValue)
        json.raw(",")
        json.key("d")
        json.number((test.duration * 1000).rounded() / 1000)
        json.raw(",")
        json.key("fw")
        json.string(test.framework.rawValue)
        if test.isFlaky {
            json.raw(",")
            json.key("fl")
            json.bool(true)
        }
        if let location = test.location {
            json.raw(",")
            json.key("loc")
            json.string(context.relativeLocation(location))
        }
        if let cases = test.caseCount {
            json.raw(",")
            json.key("n")
            json.int(cases)
        }
        richFields(test, embedder: &embedder, into: &json)
        if !test.messages.isEmpty {
            json.raw(",")
            messages(test.messages, context: context, into: &json)
        }
        if !test.output.isEmpty {
            json.raw(",")
            json.key("out")
            json.string(output(test.output, context: context))
        }
        if !test.previousAttempts.isEmpty {
            json.raw(",")
            json.key("a")
            json.raw("[")
            for (index, attempt) in test.previousAttempts.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.key("o")
                json.string(attempt.outcome.rawValue)
                json.raw(",")
                json.key("d")
                json.number((attempt.duration * 1000).rounded() / 1000)
                if !attempt.messages.isEmpty {
                    json.raw(",")
                    messages(attempt.messages, context: context, into: &json)
                }
                if !attempt.output.isEmpty {
                    json.raw(",")
                    json.key("out")
                    json.string(output(attempt.output, context: context))
                }
                json.raw("}")
            }
            json.raw("]")
        }
        if let history {
            json.raw(",")
            json.key("h")
            testHistory(history, into: &json)
        }
        if let entry = test.quarantine {
            json.raw(",")
            json.key("q")
            json.raw("{")
            json.key("until")
            json.string(entry.until)
            json.raw(",")
            json.key("owner")
            json.string(PlainText.clean(entry.owner))
            json.raw(",")
            json.key("reason")
            json.string(PlainText.clean(entry.reason))
            json.raw("}")
        }
        if let verification {
            json.raw(",")
            json.key("v")
            testVerification(verification, origin: test.startedAt ?? origin, messages: test.messages, context: context, into: &json)
        }
        if events.count > 0 {
            json.raw(",")
            json.key("e")
            json.raw("[")
            json.int(events.start)
            json.raw(",")
            json.int(events.count)
            json.raw("]")
        }
        json.raw("}")
    }

    private func messages(_ messages: [TestMessage], context: ReportContext, into json: inout ScriptJSON) {
        json.key("m")
        json.raw("[")
        for (index, message) in messages.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            json.key("k")
            json.string(message.kind.rawValue)
            json.raw(",")
            json.key("t")
            json.string(PlainText.clean(message.text))
            if let location = message.location {
                json.raw(",")
                json.key("l")
                json.string(context.relativeLocation(location))
            }
            if let testCase = message.testCase {
                json.raw(",")
                json.key("c")
                json.string(PlainText.clean(testCase))
            }
            json.raw("}")
        }
        json.raw("]")
    }

    private func output(_ text: String, context: ReportContext) -> String {
        PlainText.capped(
            PlainText.clean(text), bytes: Self.maxOutputBytes,
            note: "[output cut at \(Self.maxOutputBytes / 1024) KiB; the full output is in \(context.logsPath)/tests.log]"
        )
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
