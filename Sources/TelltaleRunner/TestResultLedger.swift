import TelltaleModel

/// Every result of a run, assembled in one place: the one road a result takes to the record,
/// whether the run finished, stopped at a failure, was interrupted or was stopped by a service.
///
/// A result arrives raw from a test process's parser, live (for progress) and again once its
/// process has ended (Swift Testing's output is attributed then). Either way the ledger adds
/// what the process could not know: the worker and its capture session, the earlier attempts
/// when the test is being retried, and the traits the listing found. What the observer is
/// told and what the record holds are the same assembled result.
public actor TestResultLedger {
    private var order: [TestID] = []
    private var listed: [TestID: ListedTest] = [:]
    private var current: [TestID: TestResult] = [:]
    /// Each test's last result of the passes before this one: a result that arrives now is a retry.
    private var settled: [TestID: TestResult] = [:]
    private var runNotes: [String] = []
    /// `--repeat`: the repetition now running, stamped on what arrives; nil when the run has one.
    private var repetition: Int?
    /// Test processes started so far, for each one's id (`TestPlacement.process`).
    private var processes = 0

    public init() {}

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
        }
        current[result.id] = result
        return result
    }

    func note(_ text: String) {
        runNotes.append(text)
    }

    /// The latest result of a test, if it has one.
    func result(for id: TestID) -> TestResult? {
        current[id]
    }

    /// The tests given to the run, each with its latest result, in the run's order; a test
    /// that no process reported is not among them (see `notRun`).
    public var results: [TestResult] {
        order.compactMap { current[$0] }
    }

    /// Notes the runner made on the way: attachments left out, tests never reported.
    public var notes: [String] { runNotes }

    /// How many times the selection ran (`--repeat`): the repetitions begun.
    public var repetitions: Int { repetition ?? 1 }

    /// Whether a test has failed for good so far (its latest result failed), `excused` aside.
    func anyFailure(excusing excused: Set<TestID>) -> Bool {
        current.values.contains { $0.outcome.isFailure && !excused.contains($0.id) }
    }

    /// How many tests the run was given.
    public var testCount: Int { order.count }

    /// Tests a process reported that the run was not given: Telltale mapped a name wrongly.
    var reportedOutsideTheRun: [TestID] {
        current.keys.filter { listed[$0] == nil }.sorted()
    }

    /// The tests given to the run that have no result: a stopped run did not reach them.
    public var notRun: [TestID] {
        order.filter { current[$0] == nil }
    }
}
