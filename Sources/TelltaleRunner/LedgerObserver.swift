import TelltaleModel

/// Records every result a worker's processes report in the ledger, then passes the assembled
/// result on: progress and `--fail-fast` see exactly what the record will hold.
struct LedgerObserver: ForwardingObserver {
    let ledger: TestResultLedger
    let worker: Int
    let session: String?
    let next: any TestRunObserver

    func testFinished(_ result: TestResult) async {
        await next.testFinished(await ledger.record(result, worker: worker, session: session))
    }
}
