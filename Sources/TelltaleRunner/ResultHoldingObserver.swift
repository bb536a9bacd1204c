import TelltaleModel

/// Passes on everything but finished tests, which the worker reports itself once
/// the test's lifecycle has ended.
struct ResultHoldingObserver: ForwardingObserver {
    let next: any TestRunObserver

    init(forwardingTo next: any TestRunObserver) {
        self.next = next
    }

    func testFinished(_ result: TestResult) async {}
}
