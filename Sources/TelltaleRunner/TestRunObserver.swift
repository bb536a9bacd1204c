import TelltaleModel

/// Hears about a run as it happens, for progress output.
package protocol TestRunObserver: Sendable {
    func runStarting(testCount: Int) async
    func testFinished(_ result: TestResult) async
    /// A test process ended abnormally and the runner is starting another for the remaining tests.
    func processRestarting(reason: String, remaining: Int) async
    /// `testCount` failing tests are about to run again, for the `attempt`-th retry.
    func retrying(testCount: Int, attempt: Int) async
    /// `--stress-new`: `testCount` new or changed tests are about to run again, stress run `run` of `runs`.
    func stressing(testCount: Int, run: Int, of runs: Int) async
    /// `--repeat`: repetition `repetition` of the selection starts (of `repetitions`; nil for
    /// `--until-failure` without a count), in the order `seed` draws when shuffled.
    func repeating(repetition: Int, of repetitions: Int?, seed: Int?) async
    /// A test's predecessors are about to be bisected.
    func bisecting(_ suspect: OrderSuspect) async
    /// What bisecting `test`'s predecessors found.
    func bisected(_ test: TestID, _ dependency: OrderDependency) async
}

extension TestRunObserver {
    /// Observers that show no progress need not hear about stress runs, repetitions or bisections.
    package func stressing(testCount: Int, run: Int, of runs: Int) async {}
    package func repeating(repetition: Int, of repetitions: Int?, seed: Int?) async {}
    package func bisecting(_ suspect: OrderSuspect) async {}
    package func bisected(_ test: TestID, _ dependency: OrderDependency) async {}
}
