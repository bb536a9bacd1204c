import TelltaleModel
import TelltaleRunner

/// Passes a run's events on to the progress display and keeps every result as it
/// arrives, so a run interrupted by a signal can still report the tests that finished.
actor ResultCollector: TestRunObserver {
    private let next: any TestRunObserver
    private var results: [TestID: TestResult] = [:]
    private(set) var testCount = 0

    init(forwardingTo next: any TestRunObserver) {
        self.next = next
    }

    /// The finished tests, in id order.
    var finished: [TestResult] { results.values.sorted { $0.id < $1.id } }

    func runStarting(testCount: Int) async {
        self.testCount = testCount
        await next.runStarting(testCount: testCount)
    }

    func testFinished(_ result: TestResult) async {
        results[result.id] = result
        await next.testFinished(result)
    }

    func processRestarting(reason: String, remaining: Int) async {
        await next.processRestarting(reason: reason, remaining: remaining)
    }

    func retrying(testCount: Int, attempt: Int) async {
        await next.retrying(testCount: testCount, attempt: attempt)
    }
}
