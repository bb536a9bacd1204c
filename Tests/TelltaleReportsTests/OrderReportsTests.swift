import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// Order and flakiness in the reports: JUnit's properties, summary.md's "Flaky tests explained",
/// the HTML's data and its section.
@Suite(.tags(.small))
struct OrderReportsTests {
    static let victim = TestID("SampleTests.OrderTests/testDVictim")
    static let polluter = TestID("SampleTests.OrderTests/testAPolluter")
    static let reproduce =
        "telltale run Plans/p.yml --filter '^SampleTests\\.OrderTests/testAPolluter$' --filter '^SampleTests\\.OrderTests/testDVictim$' --workers 1 --retries 0 --no-parallel --no-history"

    static let record: RunRecord = {
        var record = SampleRecord.record
        var victim = TestResult(
            id: Self.victim, framework: .xctest, outcome: .passed, duration: 0.01,
            previousAttempts: [
                TestAttempt(
                    outcome: .failed, duration: 0.01, placement: TestPlacement(process: "run-w1/p1", position: 3, worker: 1, seed: 12345),
                    repetition: 1)
            ],
            placement: TestPlacement(process: "run-w1/p2", position: 0, worker: 1, seed: 12345))
        victim.repetition = 1
        victim.orderDependency = OrderDependency(
            kind: .victim, verdict: .found, tests: [Self.polluter], process: "run-w1/p1", predecessors: 3, runs: 3, seconds: 0.5,
            reproduce: Self.reproduce)
        victim.flakyCause = FlakyCause(kind: .orderDependent, evidence: victim.orderDependency!.summary)
        victim.repeats = TestRepeats(repetitions: 1, failedRepetitions: 0, runs: 2, failures: 1)
        var random = TestResult(id: TestID("SampleTests.TimingTests/testRandom"), framework: .xctest, outcome: .passed)
        random.flakyCause = FlakyCause(kind: .unexplained, evidence: "failed 3 of 10 runs, with no pattern in duration, machine, variant or worker")
        random.repeats = TestRepeats(repetitions: 10, failedRepetitions: 0, runs: 13, failures: 3)
        record.tests += [victim, random]
        record.order = RunOrder(seed: 12345, repetitions: 10)
        return record
    }()

    @Test(.tags(.medium)) func junitCarriesTheBisectionTheCauseAndTheRateAsProperties() async throws {
        let xml = JUnitWriter().write(Self.record, context: SampleRecord.context)
        let junit = String(decoding: xml, as: UTF8.self)
        for property in [
            #"<property name="orderDependency" value="victim"/>"#,
            #"<property name="orderDependency.verdict" value="found"/>"#,
            #"<property name="orderDependency.polluter" value="SampleTests.OrderTests/testAPolluter"/>"#,
            #"<property name="orderDependency.runs" value="3"/>"#,
            #"<property name="flakyCause" value="orderDependent"/>"#,
            #"<property name="flakyCause" value="unexplained"/>"#,
            #"<property name="failureRate" value="23%"/>"#,
            #"<property name="shuffleSeed" value="12345"/>"#,
        ] {
            #expect(junit.contains(property), "\(property)")
        }
        #expect(junit.contains(#"<property name="orderDependency.reproduce" value="\#(XMLText.escapeAttribute(Self.reproduce))"/>"#))
        let lint = try await XMLLint.validate(xml)
        #expect(lint.status == 0, "xmllint: \(lint.output)")
    }

    @Test func theSummaryExplainsEachFlakyTestOrderDependentFirst() {
        let markdown = MarkdownSummaryWriter().write(Self.record, context: SampleRecord.context)
        #expect(markdown.contains("### Flaky tests explained (2)"), "\(markdown)")
        #expect(markdown.contains("Run in the order of shuffle seed 12345 (`--shuffle=12345` repeats it), 10 repetitions."))
        let victim =
            "| `SampleTests.OrderTests/testDVictim` | order-dependent | victim: fails after SampleTests.OrderTests/testAPolluter (bisected 3 predecessors in 3 runs) | 50% (1 of 2) | `telltale run Plans/p.yml"
        let random =
            "| `SampleTests.TimingTests/testRandom` | unexplained | failed 3 of 10 runs, with no pattern in duration, machine, variant or worker | 23% (3 of 13) |"
        let victimAt = markdown.range(of: victim)?.lowerBound
        let randomAt = markdown.range(of: random)?.lowerBound
        #expect(victimAt != nil && randomAt != nil && victimAt! < randomAt!, "\(markdown)")
        #expect(markdown.contains("shuffle seed 12345 ·"))
        #expect(!MarkdownSummaryWriter().write(SampleRecord.record, context: SampleRecord.context).contains("Flaky tests explained"))
    }

    @Test func theHTMLCarriesTheOrderAndDrawsItsSection() {
        let html = String(decoding: HTMLReportWriter().write(Self.record, context: SampleRecord.context), as: UTF8.self)
        #expect(html.contains(#""order":{"seed":12345,"reps":10}"#), "\(html.suffix(3000))")
        #expect(html.contains(#""od":{"k":"victim","v":"found","t":["SampleTests.OrderTests/testAPolluter"],"n":3,"p":3,"s":0.5,"#))
        #expect(html.contains(#""fc":{"k":"unexplained","l":"unexplained","#))
        #expect(html.contains(#""pl":{"p":"run-w1/p1","i":3,"w":1,"s":12345,"r":1}"#))
        #expect(html.contains("Flaky tests explained: ") && html.contains("table.explained"))
        let plain = String(decoding: HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        #expect(!plain.contains("Flaky tests explained"), "a record without order or causes gets the page it got before")
    }
}
