import TelltaleModel

/// An observer that passes what it hears on to `next`, changing only what it implements
/// itself: every one in the runner's chain but finished tests, which each handles its own way.
protocol ForwardingObserver: TestRunObserver {
    var next: any TestRunObserver { get }
}

extension ForwardingObserver {
    func runStarting(testCount: Int) async {
        await next.runStarting(testCount: testCount)
    }

    func processRestarting(reason: String, remaining: Int) async {
        await next.processRestarting(reason: reason, remaining: remaining)
    }

    func retrying(testCount: Int, attempt: Int) async {
        await next.retrying(testCount: testCount, attempt: attempt)
    }

    func stressing(testCount: Int, run: Int, of runs: Int) async {
        await next.stressing(testCount: testCount, run: run, of: runs)
    }

    func repeating(repetition: Int, of repetitions: Int?, seed: Int?) async {
        await next.repeating(repetition: repetition, of: repetitions, seed: seed)
    }

    func bisecting(_ suspect: OrderSuspect) async {
        await next.bisecting(suspect)
    }

    func bisected(_ test: TestID, _ dependency: OrderDependency) async {
        await next.bisected(test, dependency)
    }
}
