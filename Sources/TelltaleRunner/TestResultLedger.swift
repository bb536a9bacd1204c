import TelltaleModel

/// Every result of a run, assembled in one place: the one road a result takes to the record,
/// whether the run finished, stopped at a failure, was interrupted or was stopped by a service.
///
/// A result arrives raw from a test process's parser, live (for progress) and again once its
/// process has ended (Swift Testing's output is attributed then). Either way the ledger adds
/// what the process could not know: the worker and its capture session, the earlier attempts
/// when the test is being retried, and the traits and declaration the listing found. What the observer is
/// told and what the record holds are the same assembled result.
///
/// Nothing is dropped on the way: a result for an id the run was not given (Telltale mapped a
/// name wrongly) is kept as a result of its own, after the run's, and a test a process ran
/// without reporting it is an `error` naming it (`neverReported`); the notes say which.
package actor TestResultLedger {
    private var order: [TestID] = []
    private var listed: [TestID: ListedTest] = [:]
    private var current: [TestID: TestResult] = [:]
    /// Each test's last result of the passes before this one: a result that arrives now is a retry.
    private var settled: [TestID: TestResult] = [:]
    private var runNotes: [String] = []
    /// Tests a process ran without reporting them, in the order found.
    private var unreported: [ListedTest] = []
    /// `--repeat`: the repetition now running, stamped on what arrives; nil when the run has one.
    private var repetition: Int?
    /// Test processes started so far, for each one's id (`TestPlacement.process`).
    private var processes = 0

    package init() {}

    /// The tests the run was given, in the order the record lists them.
    func begin(_ tests: [ListedTest]) {
        order = tests.map(\.id)
        listed = Dictionary(tests.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The next pass (a stress run) starts: what the tests ended with so far becomes earlier attempts.
    func beginPass() {
        settled = current
    }

    /// Repetition `number` of the selection starts (`--repeat`): from the second on, what the tests
    /// ended with so far becomes earlier attempts, as in a stress pass.
    func beginRepetition(_ number: Int) {
        if number > 1 { settled = current }
        repetition = number
    }

    /// The number of the next test process of the run, from 1.
    func newProcess() -> Int {
        processes += 1
        return processes
    }

    /// Keeps what bisecting a test's predecessors found on its result.
    func setOrderDependency(_ dependency: OrderDependency, for id: TestID) {
        current[id]?.orderDependency = dependency
    }

    /// These tests run again (a retry): what each ended with so far becomes an earlier attempt.
    func beginAttempt(_ ids: [TestID]) {
        for id in ids { settled[id] = current[id] }
    }

    /// Queue mode: results of earlier attempts (each with the ones before it), run here or on
    /// another machine; a result that arrives now for one of these tests is its next attempt.
    func adoptEarlierAttempts(_ results: [TestResult]) {
        for result in results { settled[result.id] = result }
    }

    /// Assembles `result` as `worker` ran it in `session`, keeps it, and returns it.
    @discardableResult
    func record(_ result: TestResult, worker: Int?, session: String?) -> TestResult {
        var result = result
        result.worker = result.worker ?? worker
        result.session = result.session ?? session
        result.repetition = result.repetition ?? repetition
        if let earlier = settled[result.id] {
            result.previousAttempts = earlier.previousAttempts + [TestAttempt(earlier)]
        }
        if let test = listed[result.id] {
            result.displayName = result.displayName ?? test.traits.displayName
            if result.tags.isEmpty { result.tags = test.traits.tags }
            if result.bugs.isEmpty { result.bugs = test.traits.bugs }
            result.location = result.location ?? test.location
        }
        current[result.id] = result
        return result
    }

    func note(_ text: String) {
        runNotes.append(text)
    }

    /// `text`, unless the run already notes it.
    func noteOnce(_ text: String) {
        if !runNotes.contains(text) { runNotes.append(text) }
    }

    /// The latest result of a test, if it has one.
    func result(for id: TestID) -> TestResult? {
        current[id]
    }

    /// `tests` were given to a process that ended without reporting them: Telltale could not
    /// map what their framework said back to their ids. Each becomes an `error` result naming
    /// itself (for the caller to tell its observer, which records it), and the notes say what
    /// the processes reported instead. A test is marked once, however often it is found.
    func neverReported(_ tests: [TestID], framework: TestFramework) -> [TestResult] {
        let reporter = framework == .xctest ? "XCTest" : "Swift Testing"
        return tests.map { id in
            if !unreported.contains(where: { $0.id == id }) { unreported.append(ListedTest(id: id, framework: framework)) }
            return TestResult(
                id: id, framework: framework, outcome: .error,
                messages: [TestMessage(kind: .error, text: "the test was selected but \(reporter) never reported it")])
        }
    }

    /// The tests given to the run, each with its latest result, in the run's order, then every
    /// result the run could not place (`reportedOutsideTheRun`), by id; a test that no process
    /// reported is not among them (see `notRun`).
    package var results: [TestResult] {
        order.compactMap { current[$0] } + reportedOutsideTheRun.compactMap { current[$0] }
    }

    /// Notes the runner made on the way (attachments left out), and one that names the tests
    /// never reported and the results kept outside the run's tests, when there are any.
    package var notes: [String] {
        let strays = reportedOutsideTheRun
        guard !unreported.isEmpty || !strays.isEmpty else { return runNotes }
        return runNotes + [Self.unplacedNote(unreported, reported: strays)]
    }

    /// How many times the selection ran (`--repeat`): the repetitions begun.
    package var repetitions: Int { repetition ?? 1 }

    /// Whether a test has failed for good so far (its latest result failed), `excused` aside.
    func anyFailure(excusing excused: Set<TestID>) -> Bool {
        current.values.contains { $0.outcome.isFailure && !excused.contains($0.id) }
    }

    /// How many tests the run was given.
    package var testCount: Int { order.count }

    /// Tests a process reported that the run was not given: Telltale mapped a name wrongly, or
    /// the listing left the test out.
    var reportedOutsideTheRun: [TestID] {
        current.keys.filter { listed[$0] == nil }.sorted()
    }

    /// The tests given to the run that have no result: a stopped run did not reach them.
    package var notRun: [TestID] {
        order.filter { current[$0] == nil }
    }

    /// What could not be placed is Telltale's bug, not the tests': the note gives what is needed
    /// to find it, the ids as listed that no process reported and the results that no listed
    /// id was found for, each kept as a result of its own.
    static func unplacedNote(_ unreported: [ListedTest], reported strays: [TestID]) -> String {
        func sample(_ ids: [String]) -> String {
            ids.prefix(20).map { "  \($0)" }.joined(separator: "\n") + (ids.count > 20 ? "\n  … and \(ids.count - 20) more" : "")
        }
        var text = ""
        if !unreported.isEmpty {
            text +=
                "\(unreported.count) selected test\(unreported.count == 1 ? " was" : "s were") never reported by their framework. "
                + "This is a bug in Telltale, not in the tests: please report it with this note.\n"
                + "Listed as:\n" + sample(unreported.map { "\($0.id) (\($0.framework.rawValue))" })
            text +=
                strays.isEmpty
                ? "\nThe test processes reported no test outside the selection."
                : "\nThe test processes reported these ids, which were not selected (each kept as a result of its own):\n"
                    + sample(strays.map(\.rawValue))
        } else {
            text =
                "\(strays.count) result\(strays.count == 1 ? "" : "s") the test processes reported \(strays.count == 1 ? "is" : "are") "
                + "not among the tests the run was given; each is kept as a result of its own. "
                + "This is a bug in Telltale, not in the tests: please report it with this note.\n"
                + "Reported as:\n" + sample(strays.map(\.rawValue))
        }
        return text
    }
}
