import TelltaleModel

/// Records every result a worker's processes report in the ledger, then passes the assembled
/// result on: progress and `--fail-fast` see exactly what the record will hold.
struct LedgerObserver: TestRunObserver {
    let ledger: TestResultLedger
    let worker: Int
    let session: String?
    let next: any TestRunObserver

    func runStarting(testCount: Int) async {
        await next.runStarting(testCount: testCount)
    }

    func testFinished(_ result: TestResult) async {
        await next.testFinished(await ledger.record(result, worker: worker, session: session))
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
}
