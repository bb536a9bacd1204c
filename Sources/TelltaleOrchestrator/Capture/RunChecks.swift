import TelltaleModel
import TelltaleVerify

/// The analytics checks of a whole run, after its tests: events still without a test are
/// attributed by session and time window, every event is checked against the plan, and
/// tests not already checked as they ended get their failures added.
enum RunChecks {
    struct Checked {
        var results: [TestResult]
        var events: [Event]
        var report: VerificationReport?
        var notes: [String]
    }

    static func apply(_ verifier: Verifier?, to outcome: RunExecution.Outcome) -> Checked {
        let events = EventAttribution.byTimeWindow(outcome.events, tests: outcome.results)
        guard let verifier else { return Checked(results: outcome.results, events: events, report: nil, notes: []) }
        var report = verifier.verify(events: events, tests: outcome.results.map(\.id))
        // A test checked as it ended already carries that verdict (in its messages, or as
        // issues recorded inside the test run); the report keeps that same verdict.
        for index in report.tests.indices {
            if let atEnd = outcome.checkedAtEnd[report.tests[index].test] { report.tests[index] = atEnd }
        }
        let results = outcome.results.map { result in
            guard outcome.checkedAtEnd[result.id] == nil, let verdict = report.verification(for: result.id) else { return result }
            return result.failing(with: verdict.messages)
        }
        var notes: [String] = []
        if !report.unattributed.isEmpty {
            notes.append(
                "\(report.unattributed.count) tracking-plan violation(s) by events no test can be blamed for:\n"
                    + report.unattributed.map { "  \($0.message)" }.joined(separator: "\n"))
        }
        if !report.unusedSelectors.isEmpty {
            notes.append("expectations that selected no test that ran: " + report.unusedSelectors.joined(separator: ", "))
        }
        if let coverage = report.coverage, !coverage.unproduced.isEmpty {
            notes.append("planned events no test sent: " + coverage.unproduced.joined(separator: ", "))
        }
        return Checked(results: results, events: events, report: report, notes: notes)
    }
}
