import TelltaleModel
import TelltaleRunner

/// `--fail-fast`: passes every report on, and stops the run (`RunStop`) when a test has failed
/// for good, that is, failed once more than its retries allow. A quarantined test's failure
/// does not fail the run, so it does not stop it either. Under `--stress-new`, a failure in a
/// stress run makes its test flaky on arrival (it passed before, or it would not run again): that
/// fails the run unless the plan's `stress.onFlaky` is `report`.
actor FailFastWatch: TestRunObserver {
    private let next: any TestRunObserver
    private let stop: RunStop
    private let quarantine: QuarantineList
    /// Whether a test flaky on arrival fails the run (`stress.onFlaky: fail`).
    private var flakyOnArrivalFails = true
    private var stressing = false
    private var retries: [TestID: Int] = [:]
    private var defaultRetries = 0
    private var failures: [TestID: Int] = [:]

    init(forwardingTo next: any TestRunObserver, stop: RunStop, quarantine: QuarantineList = QuarantineList([])) {
        self.next = next
        self.stop = stop
        self.quarantine = quarantine
    }

    /// Each test's retries, known once the tests are selected.
    func setRetries(_ retries: [TestID: Int], default defaultRetries: Int) {
        self.retries = retries
        self.defaultRetries = defaultRetries
    }

    /// `stress.onFlaky`: whether a failure in a stress run stops the run.
    func setFlakyOnArrivalFails(_ fails: Bool) {
        flakyOnArrivalFails = fails
    }

    func runStarting(testCount: Int) async {
        await next.runStarting(testCount: testCount)
    }

    func testFinished(_ result: TestResult) async {
        await next.testFinished(result)
        guard result.outcome.isFailure, !quarantine.excuses(result.id) else { return }
        if stressing {
            if flakyOnArrivalFails { await stop.request(.failFast(result)) }
            return
        }
        failures[result.id, default: 0] += 1
        if failures[result.id]! > retries[result.id] ?? defaultRetries {
            await stop.request(.failFast(result))
        }
    }

    func processRestarting(reason: String, remaining: Int) async {
        await next.processRestarting(reason: reason, remaining: remaining)
    }

    func retrying(testCount: Int, attempt: Int) async {
        await next.retrying(testCount: testCount, attempt: attempt)
    }

    func stressing(testCount: Int, run: Int, of runs: Int) async {
        stressing = true
        await next.stressing(testCount: testCount, run: run, of: runs)
    }

    /// A new repetition (`--repeat`): each test has its retries again.
    func repeating(repetition: Int, of repetitions: Int?, seed: Int?) async {
        failures = [:]
        await next.repeating(repetition: repetition, of: repetitions, seed: seed)
    }

    func bisecting(_ suspect: OrderSuspect) async {
        await next.bisecting(suspect)
    }

    func bisected(_ test: TestID, _ dependency: OrderDependency) async {
        await next.bisected(test, dependency)
    }
}
