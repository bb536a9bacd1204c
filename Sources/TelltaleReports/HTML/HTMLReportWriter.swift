import Foundation
import TelltaleModel
import TelltaleWebAssets

/// Writes `index.html`: one self-contained file (inline CSS, scripts and data; no network)
/// that opens from `file://`. Its styles and scripts are TelltaleWebAssets' files (`Report/`).
///
/// The record goes in as JSON inside `<script type="application/json">`, escaped by
/// `ScriptJSON` so no captured string can end the element; the page's scripts build the
/// DOM with `textContent` only. The test list is virtualised and a test's details are
/// built when it is opened, so 10,000 tests and 100,000 events open quickly. A record with an
/// analytics verdict (`verification`), a history, rich results, coverage or stress also gets that
/// feature's data (`HTMLReportWriter+Verification.swift` and the others) and its style sheet and
/// script; one without gets none of that code. So does a run compared with the base of its change.
package struct HTMLReportWriter: Sendable {
    /// A test's output beyond this many bytes is cut in the page, with a pointer to the logs.
    package static let maxOutputBytes = 256 * 1024

    /// The report folder that attachments' paths are relative to: images and text are read from
    /// it and inlined (`HTMLAttachmentEmbedder`). Nil links them instead.
    package var attachmentsRoot: String?
    /// The files whose source the Coverage section shows line by line (`CoverageSourceViews`
    /// chooses them); the others list their figures only.
    package var coverageSources: [CoverageSourceView]

    package init(attachmentsRoot: String? = nil, coverageSources: [CoverageSourceView] = []) {
        self.attachmentsRoot = attachmentsRoot
        self.coverageSources = coverageSources
    }

    /// The page: its opening (head, styles, scripts), the data element, then its closing, so the
    /// data, by far the largest part, is appended once rather than interpolated into a string.
    package func write(_ record: RunRecord, context: ReportContext) -> Data {
        let features = Self.features(of: record)
        let page = WebPage(
            title: "\(XMLText.escapeContent(PlainText.clean(record.plan.name))): \(record.totals.summaryLine)",
            generator: "telltale \(XMLText.escapeAttribute(context.toolVersion))",
            noscript: "This report needs JavaScript. The same results are in junit.xml and summary.md beside it.",
            styles: WebAssets.sharedStyles + WebAssets.Report.styles + features.flatMap(\.styles),
            // The features' scripts before `report.js`, which calls the hooks they register.
            scripts: WebAssets.sharedScripts + features.flatMap(\.scripts) + [WebAssets.Report.script]
        )
        var data = Data(page.opening.utf8)
        data.append(contentsOf: #"<script type="application/json" id="telltale-data">"#.utf8)
        data.append(contentsOf: payload(record, context: context))
        data.append(contentsOf: "</script>\n".utf8)
        data.append(contentsOf: page.closing.utf8)
        return data
    }

    /// The page's features, for the record's data: a record without an analytics verdict, a
    /// history or quarantine, rich results, coverage or stress gets none of that code.
    static func features(of record: RunRecord) -> [WebAssets.Report.Feature] {
        WebAssets.Report.Feature.allCases.filter { feature in
            switch feature {
            case .analytics: record.verification != nil
            case .history: record.history != nil || record.tests.contains { $0.quarantine != nil }
            case .richResults: hasRichResults(record)
            case .coverage: record.coverage != nil
            case .stress: record.tests.contains { $0.stress != nil }
            case .order:
                record.order != nil
                    || record.tests.contains { $0.orderDependency != nil || $0.flakyCause != nil || $0.repeats != nil }
            case .comparison: record.comparison != nil
            }
        }
    }

    /// The report's data, as the page's script reads it.
    ///
    ///     {"run":{…},"totals":{…},"tests":[{"id":"SampleTests.Retry/testAlwaysFails","o":"failed","d":0.4,…}],
    ///      "events":[[12,"purchase","segment",{"value":9.99}],…],"unattributed":[40,2]}
    ///
    /// A test's keys are short (`o` outcome, `d` seconds, `m` messages, `a` earlier attempts, `e`
    /// its events' range): they repeat once per test, 10,000 times in a large run.
    func payload(_ record: RunRecord, context: ReportContext) -> [UInt8] {
        let tests = Self.ordered(record.tests)
        // A test's place in the page's list, which the analytics summary links to.
        var position: [TestID: Int] = [:]
        position.reserveCapacity(tests.count)
        for (index, test) in tests.enumerated() { position[test.id] = index }
        var verifications: [TestID: TestVerification] = [:]
        if let report = record.verification {
            verifications.reserveCapacity(report.tests.count)
            // A test listed twice keeps its first verification.
            for verification in report.tests where verifications[verification.test] == nil {
                verifications[verification.test] = verification
            }
        }
        let layout = EventLayout(record, tests: tests, position: position)
        // Where each attempt ran matters to the Order feature only: other pages leave it out.
        let placements = Self.features(of: record).contains(.order)
        var embedder = HTMLAttachmentEmbedder(root: attachmentsRoot)

        // Sized from the record, in bytes, so a large page is not copied as it grows.
        var json = ScriptJSON(capacity: record.events.count * 160 + tests.count * 400 + 4096)
        json.object { json in
            run(record, context: context, into: &json)
            if let report = record.verification {
                verificationSummary(report, position: position, context: context, into: &json)
            }
            if let history = record.history {
                runHistory(history, into: &json)
            }
            if let measured = record.coverage {
                coverage(measured, history: record.history, into: &json)
            }
            if let order = record.order {
                runOrder(order, into: &json)
            }
            if let compared = record.comparison {
                comparison(compared, record: record, into: &json)
            }
            json.array("tests") { json in
                for (index, test) in tests.enumerated() {
                    self.test(
                        test, events: layout.attempts[index], verification: verifications[test.id],
                        history: record.history?.tests[test.id.rawValue], compared: record.comparison?.tests[test.id.rawValue],
                        origin: record.startedAt, context: context, placements: placements, embedder: &embedder, into: &json
                    )
                }
            }
            // `[ms from the start of its attempt (or of the run), name, source, params]`.
            json.array("events") { json in
                for placed in layout.order {
                    let event = record.events[placed.index]
                    json.array { json in
                        json.int(Int((event.receivedAt.timeIntervalSince(placed.origin) * 1000).rounded()))
                        json.string(event.name)
                        json.string(event.source.rawValue)
                        json.object(event.params)
                    }
                }
            }
            json.array("unattributed") { json in
                json.int(layout.unattributed.start)
                json.int(layout.unattributed.count)
            }
        }
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

    /// `"run":{…},"totals":{…}`.
    private func run(_ record: RunRecord, context: ReportContext, into json: inout ScriptJSON) {
        json.object("run") { json in
            json.field("name", PlainText.clean(record.plan.name))
            json.field("package", record.plan.package)
            if let path = record.plan.path { json.field("plan", path) }
            json.field("startedAt", Self.iso8601(record.startedAt))
            json.field("duration", record.duration)
            json.field("host", record.environment.host)
            json.field("os", record.environment.operatingSystem)
            if let swift = record.environment.swiftVersion { json.field("swift", swift) }
            if let commit = record.environment.gitCommit { json.field("commit", commit) }
            if let shard = record.shard { json.field("shard", shard.description) }
            json.field("tool", record.tool.version)
            json.field("reporter", context.toolVersion)
            json.field("generatedAt", Self.iso8601(context.generatedAt))
            json.field("events", record.events.count)
            if !record.notes.isEmpty {
                json.array("notes") { json in
                    for note in record.notes { json.string(PlainText.clean(note)) }
                }
            }
        }
        let totals = record.totals
        json.object("totals") { json in
            json.field("tests", totals.tests)
            json.field("passed", totals.passed)
            json.field("failed", totals.failed)
            json.field("errors", totals.errors)
            json.field("skipped", totals.skipped)
            json.field("flaky", totals.flaky)
            if totals.quarantined > 0 { json.field("quarantined", totals.quarantined) }
        }
    }

    /// A test's entry; `events` has a range of the page's events for each attempt, the last one's last.
    private func test(
        _ test: TestResult, events: [EventLayout.Range], verification: TestVerification?, history: TestHistory?, compared: TestComparison?,
        origin: Date, context: ReportContext, placements: Bool, embedder: inout HTMLAttachmentEmbedder, into json: inout ScriptJSON
    ) {
        json.object { json in
            json.field("id", test.id.rawValue)
            json.field("o", test.outcome.rawValue)
            json.field("d", Self.milliseconds(test.duration))
            json.field("fw", test.framework.rawValue)
            if test.isFlaky { json.field("fl", true) }
            if let location = test.location { json.field("loc", context.relativeLocation(location)) }
            if let cases = test.caseCount { json.field("n", cases) }
            richFields(test, embedder: &embedder, into: &json)
            if !test.messages.isEmpty { messages(test.messages, context: context, into: &json) }
            if !test.output.isEmpty { json.field("out", output(test.output, context: context)) }
            if !test.previousAttempts.isEmpty {
                json.array("a") { json in
                    for (number, attempt) in test.previousAttempts.enumerated() {
                        json.object { json in
                            json.field("o", attempt.outcome.rawValue)
                            json.field("d", Self.milliseconds(attempt.duration))
                            if !attempt.messages.isEmpty { messages(attempt.messages, context: context, into: &json) }
                            if !attempt.output.isEmpty { json.field("out", output(attempt.output, context: context)) }
                            if placements { placement(attempt.placement, repetition: attempt.repetition, into: &json) }
                            eventRange(events[number], into: &json)
                        }
                    }
                }
            }
            if let history {
                json.key("h")
                testHistory(history, into: &json)
            }
            if let stress = test.stress { stressFields(stress, into: &json) }
            if let compared { comparisonField(compared, into: &json) }
            if placements { placement(test.placement, repetition: test.repetition, into: &json) }
            orderFields(test, into: &json)
            if let entry = test.quarantine {
                json.object("q") { json in
                    json.field("until", entry.until)
                    json.field("owner", PlainText.clean(entry.owner))
                    json.field("reason", PlainText.clean(entry.reason))
                }
            }
            if let verification {
                json.key("v")
                testVerification(verification, origin: test.startedAt ?? origin, messages: test.messages, context: context, into: &json)
            }
            eventRange(events[events.count - 1], into: &json)
        }
    }

    /// `"e":[start, count]` into the page's events, left out when there are none.
    private func eventRange(_ range: EventLayout.Range, into json: inout ScriptJSON) {
        guard range.count > 0 else { return }
        json.array("e") { json in
            json.int(range.start)
            json.int(range.count)
        }
    }

    /// `"m":[{"k":kind,"t":text,"l":location,"c":case}…]`.
    private func messages(_ messages: [TestMessage], context: ReportContext, into json: inout ScriptJSON) {
        json.array("m") { json in
            for message in messages {
                json.object { json in
                    json.field("k", message.kind.rawValue)
                    json.field("t", PlainText.clean(message.text))
                    if let location = message.location { json.field("l", context.relativeLocation(location)) }
                    if let testCase = message.testCase { json.field("c", PlainText.clean(testCase)) }
                }
            }
        }
    }

    /// The output without terminal codes, cut at `maxOutputBytes` with a pointer to `tests.log`.
    private func output(_ text: String, context: ReportContext) -> String {
        PlainText.capped(
            PlainText.clean(text), bytes: Self.maxOutputBytes,
            note: "[output cut at \(Self.maxOutputBytes / 1024) KiB; the full output is in \(context.logsPath)/tests.log]"
        )
    }

    /// Seconds kept to the millisecond, as the page shows them.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// `2026-11-21T05:20:00Z`, which the page's `Date` parses.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
