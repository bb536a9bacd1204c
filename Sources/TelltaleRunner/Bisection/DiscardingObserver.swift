import TelltaleModel

/// Hears a bisection's test processes and tells no one: their results are the bisection's
/// evidence, not the run's.
struct DiscardingObserver: TestRunObserver {
    func runStarting(testCount: Int) async {}
    func testFinished(_ result: TestResult) async {}
    func processRestarting(reason: String, remaining: Int) async {}
    func retrying(testCount: Int, attempt: Int) async {}
}
