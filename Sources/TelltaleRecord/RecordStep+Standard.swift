import TelltaleModel
import TelltaleVerify

extension RecordStep {
    /// Each test once, its last result; every test that was to run has one: a test with none is
    /// an `error` naming it (never a note with exit 0), whichever road lost it.
    package static let accountForEveryTest = RecordStep("account for every test") { draft, _, _ in
        var seen: [TestID: Int] = [:]
        var once: [TestResult] = []
        for result in draft.results {
            if let index = seen[result.id] {
                once[index] = result
            } else {
                seen[result.id] = once.count
                once.append(result)
            }
        }
        if once.count < draft.results.count {
            draft.notes.append("\(draft.results.count - once.count) result(s) repeated a test's id: each test keeps its last")
        }
        let missing = (draft.raw.expected ?? []).filter { seen[$0.id] == nil }
        for test in missing {
            once.append(
                TestResult(
                    id: test.id, framework: test.framework, outcome: .error, duration: 0,
                    messages: [TestMessage(kind: .error, text: "no result was recorded for this test: no process reported it")]))
        }
        if !missing.isEmpty {
            let shown = missing.prefix(10).map(\.id.rawValue).joined(separator: ", ")
            draft.notes.append(
                "\(missing.count) test(s) that were to run have no result, each an error: \(shown)" + (missing.count > 10 ? ", …" : ""))
        }
        draft.results = once
    }

    /// Each event's test and attempt, decided here once for every report: events still without
    /// a test are attributed by session and time window (`EventAttribution`), and each event of
    /// a retried test gets the attempt it was sent during (`EventAttempts`).
    package static let attributeEvents = RecordStep("attribute events") { draft, _, _ in
        draft.events = EventAttempts.assign(EventAttribution.byTimeWindow(draft.events, tests: draft.results), tests: draft.results)
    }

    /// The analytics checks of the whole run: every event is checked against the plan, and tests
    /// not already checked as they ended get their failures added.
    package static let checkAnalytics = RecordStep("check analytics") { draft, rules, _ in
        let events = draft.events
        guard let verifier = rules.verifier else { return }
        let checkedAtEnd = draft.raw.checkedAtEnd
        var report = verifier.verify(events: events, tests: draft.results.map(\.id))
        // A test checked as it ended already carries that verdict (in its messages, or as issues
        // recorded inside the test run); the report keeps that same verdict.
        for index in report.tests.indices {
            if let atEnd = checkedAtEnd[report.tests[index].test] { report.tests[index] = atEnd }
        }
        draft.results = draft.results.map { result in
            guard checkedAtEnd[result.id] == nil, let verdict = report.verification(for: result.id) else { return result }
            return result.failing(with: verdict.messages)
        }
        if !report.unattributed.isEmpty {
            draft.notes.append(
                "\(report.unattributed.count) tracking-plan violation(s) by events no test can be blamed for:\n"
                    + report.unattributed.map { "  \($0.message)" }.joined(separator: "\n"))
        }
        if !report.unusedSelectors.isEmpty {
            draft.notes.append("expectations that selected no test that ran: " + report.unusedSelectors.joined(separator: ", "))
        }
        if let coverage = report.coverage, !coverage.unproduced.isEmpty {
            draft.notes.append("planned events no test sent: " + coverage.unproduced.joined(separator: ", "))
        }
        draft.verification = report
    }

    /// Each flaky result with its cause (`FlakyClassifier`), judged on its own attempts and those
    /// of the same test under the plan's other variants, each attempt on the machine that ran it.
    /// A result that has its cause (a shard's record, merged) keeps it.
    package static let explainFlakiness = RecordStep("explain flakiness") { draft, _, context in
        let byTest = Dictionary(grouping: draft.results, by: \.id.withoutVariant)
        let host = context.environment.host
        draft.results = draft.results.map { result in
            guard result.flakyCause == nil else { return result }
            let own = result.observations(machine: host)
            guard own.contains(where: { $0.outcome == .passed }), own.contains(where: { $0.outcome.isFailure }) else { return result }
            let all = (byTest[result.id.withoutVariant] ?? [result]).flatMap { $0.observations(machine: host) }
            var explained = result
            explained.flakyCause = FlakyClassifier.classify(all, orderDependency: result.orderDependency)
            return explained
        }
    }

    /// `--stress-new`'s verdicts: each stressed test judged on all its runs.
    package static let judgeStress = RecordStep("judge stress") { draft, _, _ in
        if let stress = draft.raw.stress { draft.results = stress.apply(to: draft.results) }
    }

    /// `--repeat` and `--until-failure`: a repetition that ended failing fails the test.
    package static let judgeRepetitions = RecordStep("judge repetitions") { draft, _, _ in
        let repetitions = draft.raw.repetitions
        draft.results = draft.results.map { $0.judgedOverRepetitions(repetitions) }
    }

    /// The plan's quarantine entries mark the failures they excuse; an expired entry is a note.
    package static let quarantine = RecordStep("quarantine") { draft, rules, context in
        let (marked, notes) = rules.quarantine.apply(to: draft.results, on: context.today)
        draft.results = marked
        draft.notes += notes
    }

    /// Source paths another checkout recorded (a shard's, a queue machine's) as this one names them.
    package static let rerootPaths = RecordStep("reroot paths") { draft, rules, _ in
        guard let root = rules.packageRoot, !draft.raw.otherRoots.isEmpty else { return }
        draft.results = draft.results.map { PathRerooting.reroot($0, from: draft.raw.otherRoots, to: root) }
    }
}
