import TelltaleModel

/// Passes on everything but finished tests, which the worker reports itself once
/// the test's lifecycle has ended.
struct ResultHoldingObserver: TestRunObserver {
    let next: any TestRunObserver

    init(forwardingTo next: any TestRunObserver) {
        self.next = next
    }

    func runStarting(testCount: Int) async {
        await next.runStarting(testCount: testCount)
    }

    func testFinished(_ result: TestResult) async {}

    func processRestarting(reason: String, remaining: Int) async {
        await next.processRestarting(reason: reason, remaining: remaining)
    }

    func retrying(testCount: Int, attempt: Int) async {
        await next.retrying(testCount: testCount, attempt: attempt)
    }

    func stressing(testCount: Int, run: Int, of runs: Int) async {
        await next.stressing(testCount: testCount, run: run, of: runs)
    }
}
