import Foundation
import TelltaleModel

/// One worker: takes batches from the queue and runs each in a fresh test process.
///
/// When its process dies (a crash, a signal, a timeout), the worker records the
/// test that was running as an `error` and runs the tests it had not reached in
/// a new process itself, so no test is lost and other workers are not disturbed.
///
/// With a lifecycle (a backend in test mode), every test runs alone in its own
/// process between the lifecycle's `beforeTest` and `afterTest`; in a coverage map run, alone
/// in its own process with its own profile file.
///
/// With `retries`, a test that failed and has a retry left goes back to the queue, ahead of the
/// rest, as soon as its attempt is over: once its process has ended and no crash re-run can
/// report it again. It runs alone (with its Swift Testing suite's other failures), so its retry
/// shows whether it fails by itself; a plan's serial suite's failures run again together.
struct TestWorker {
    var context: TestProcessContext
    var listed: [TestFramework: [TestID]]
    var queue: any WorkSource
    /// Failing tests are retried (the first pass); not in a stress run, whose failures are the verdict.
    var retries = true

    func run() async throws {
        var local: [TestBatch] = []
        while true {
            try Task.checkCancellation()
            let next: TestBatch?
            if local.isEmpty { next = try await queue.next(for: context.worker) } else { next = local.removeFirst() }
            guard let taken = next else { break }
            let parts = taken.splitByEnvironment(context.testEnvironment).flatMap { $0.splitWhereXCTestNamesCollide() }
            var batch = parts[0]
            local.insert(contentsOf: parts.dropFirst(), at: 0)
            if context.oneTestAtATime { batch.serial = true }
            if context.lifecycle != nil || context.profileFileByTest != nil, batch.tests.count > 1 {
                let alone = batch.tests.dropFirst().map { TestBatch(framework: batch.framework, tests: [$0], serial: true) }
                local.insert(contentsOf: alone, at: 0)
                batch.tests = [batch.tests[0]]
            }

            // Tests whose time budget is already spent are not started.
            let now = Date()
            var spent: Set<TestID> = []
            for id in batch.tests {
                if let reason = context.limits.budgetSpent(for: id, now: now) {
                    await record(error: reason, for: id, framework: batch.framework)
                    spent.insert(id)
                }
            }
            batch.tests.removeAll { spent.contains($0) }
            if batch.tests.isEmpty {
                try await retryFailures(of: spent.sorted(), batch: batch)
                continue
            }

            let outcome =
                if let lifecycle = context.lifecycle {
                    try await runAlone(batch, in: lifecycle)
                } else {
                    try await runProcess(batch, context: context)
                }
            await context.settle(outcome.results)
            try Task.checkCancellation()
            // A process that ended on its own terms has said its last word on every test it was given.
            if outcome.crash == nil { await recordUnreported(batch, outcome: outcome) }
            // What this attempt has said its last word on: not a test that runs again after a crash
            // (re-run alone, or in a fresh process), nor one the process never reached (below).
            let rerun = Set(outcome.ambiguousCrash + outcome.notStarted)
            try await retryFailures(of: spent.sorted() + batch.tests.filter { !rerun.contains($0) }, batch: batch)
            guard let crash = outcome.crash else { continue }

            for id in outcome.ambiguousCrash {
                local.append(TestBatch(framework: batch.framework, tests: [id], serial: true))
            }
            let remaining = outcome.notStarted
            if remaining.isEmpty { continue }
            if !outcome.results.isEmpty || !outcome.ambiguousCrash.isEmpty {
                await context.observer.processRestarting(reason: "test process ended with \(crash)", remaining: remaining.count)
                local.insert(TestBatch(framework: batch.framework, tests: remaining, serial: batch.serial), at: 0)
            } else {
                // The process died before running anything: running it again would only die again.
                let text =
                    "the test process ended with \(crash) before this test started\n\nlast lines of output:\n"
                    + outcome.lastLines.joined(separator: "\n")
                for id in remaining {
                    await record(error: text, for: id, framework: batch.framework)
                }
                try await retryFailures(of: remaining, batch: batch)
            }
        }
    }

    /// Of `ids`, whose attempt is over, the tests that failed with a retry left go back to the
    /// queue now, each becoming its next attempt (`TestResultLedger.beginAttempt`).
    private func retryFailures(of ids: [TestID], batch: TestBatch) async throws {
        guard retries else { return }
        var again: [Int: [TestID]] = [:]
        for id in ids {
            guard let result = await context.ledger.result(for: id), result.outcome.isFailure else { continue }
            // Retries count within a repetition (`--repeat`): each repetition has them all again.
            let attempt = result.previousAttempts.count { $0.repetition == result.repetition } + 1
            if attempt <= context.limits.settings(for: id).retries { again[attempt, default: []].append(id) }
        }
        for attempt in again.keys.sorted() {
            let tests = again[attempt]!
            try Task.checkCancellation()
            await context.observer.retrying(testCount: tests.count, attempt: attempt)
            await context.ledger.beginAttempt(tests)
            // A plan's serial suite is retried as one batch (its tests must not run side by side);
            // other failures each alone (a Swift Testing suite's together), whatever `--no-parallel`
            // says, so a retry tells whether the test fails by itself (`OrderSuspect`).
            let serialSuite = batch.serial && tests.contains { context.limits.settings(for: $0).serialGroup != nil }
            try await queue.retry(tests, framework: batch.framework, serial: serialSuite, attempt: attempt, worker: context.worker)
        }
    }

    /// Runs a one-test batch between the lifecycle's calls. Results are held back from the
    /// observer until `afterTest` has had its say, so progress never shows a pass that
    /// teardown then turns into a failure.
    private func runAlone(_ batch: TestBatch, in lifecycle: any TestLifecycle) async throws -> BatchResult {
        let id = batch.tests[0]
        if let failure = try await lifecycle.beforeTest(id, worker: context.worker) {
            return BatchResult(results: [await record(error: failure, for: id, framework: batch.framework)])
        }
        var holding = context
        holding.observer = ResultHoldingObserver(forwardingTo: context.observer)
        var outcome = try await runProcess(batch, context: holding)
        let failures = try await lifecycle.afterTest(id, worker: context.worker)
        outcome.results = outcome.results.map { $0.failing(with: failures) }
        for result in outcome.results { await context.observer.testFinished(result) }
        return outcome
    }

    private func runProcess(_ batch: TestBatch, context: TestProcessContext) async throws -> BatchResult {
        try await context.runBatch(batch, listed: listed)
    }

    /// A process that ended on its own terms ran every test of its batch: one it did not report
    /// is an `error` naming it, now, whichever way the run ends later (`TestResultLedger`).
    private func recordUnreported(_ batch: TestBatch, outcome: BatchResult) async {
        let reported = Set(outcome.results.map(\.id))
        let missing = batch.tests.filter { !reported.contains($0) }
        guard !missing.isEmpty else { return }
        for result in await context.ledger.neverReported(missing, framework: batch.framework) {
            await context.observer.testFinished(result)
        }
    }

    @discardableResult
    private func record(error text: String, for id: TestID, framework: TestFramework) async -> TestResult {
        let result = TestResult(id: id, framework: framework, outcome: .error, messages: [TestMessage(kind: .error, text: text)])
        await context.observer.testFinished(result)
        return result
    }
}
