import Foundation
import TelltaleCapture
import TelltaleModel
import TelltalePlan
import TelltaleRunner
import TelltaleServices
import TelltaleVerify

/// Runs the selected tests with what they need around them: the capture server (first
/// up, last down), the plan's services, and the per-test lifecycle the plan chose.
struct RunExecution: Sendable {
    var services: [ServiceSpec]
    var verifier: Verifier?
    var lifecycle: PlanLifecycle
    var runDirectory: String
    var logDirectory: String
    var progress: ConsoleProgress
    /// The plan's `capture.sync`: `fdatasync` each event before acknowledging it.
    var captureSync = false

    /// How the tests' part of a run ended.
    enum End: Sendable {
        case finished
        /// Stopped in order (`RunStop`): `--fail-fast`, or the first signal.
        case stopped(RunStop.Reason)
        /// Cancelled outright: a second signal.
        case cancelled
        /// A service failed under the tests (it crashed under `onCrash: stop`, or could not restart).
        case serviceFailed(ServiceError)
    }

    struct Outcome: Sendable {
        var end: End = .finished
        var results: [TestResult] = []
        var notes: [String] = []
        /// Tests selected to run that have no result: a stopped run did not reach them.
        var notRun: [TestID] = []
        /// A service that failed while tests ran, though they all finished.
        var serviceFailure: ServiceError?
        /// Every captured event, attributed by tag or by the lifecycle's markers.
        var events: [Event] = []
        /// Tests whose events were checked as they ended (`process` and `automatic`).
        var checkedAtEnd: [TestID: TestVerification] = [:]
        /// The tests `--stress-new` ran more times, and why; nil when it stressed nothing.
        var stress: StressSelection?
        /// Set when the run selected some of the plan's tests: coverage's `minimum` then judges no total.
        var subset: CoverageSubset?
        /// How many times the selection ran (`--repeat`, `--until-failure`).
        var repetitions = 1
        /// Queue mode: the build's tests that failed for good on other machines; with any, this
        /// machine exits with the build's verdict (1).
        var buildFailures: [TestResult] = []
    }

    /// The capture server's durable log, also read back when a run ends early.
    var captureLogPath: String { "\(logDirectory)/capture.jsonl" }

    /// `process` when a service has a test mode or the plan expects events; else `none`.
    /// Under `xcode:`, xcodebuild runs each test itself: `process` becomes `automatic`, where the
    /// test case calls the control API around each test (`TelltaleTestCase`, the `.telltale` trait).
    static func lifecycle(for plan: Plan, services: [ServiceSpec]) -> PlanLifecycle {
        let chosen = plan.lifecycle ?? (services.contains { $0.testMode != nil } || !plan.expectations.isEmpty ? .process : .none)
        return plan.xcode != nil && chosen == .process ? .automatic : chosen
    }

    /// Runs `tests` inside the capture server and the services. However the tests' part ends
    /// (finished, stopped, a service failed), the outcome is read from the same places: the
    /// ledger's results, the capture store's events, the lifecycle's checks. A service that
    /// fails before any test started is thrown.
    func run(
        _ tests: [ListedTest], listed: [ListedTest], configuration: TestRunner.Configuration, observer: any TestRunObserver,
        stop: RunStop, xcode: XcodeTestRunner.Built? = nil
    ) async throws -> Outcome {
        let capture = try RunCapture(logPath: captureLogPath, synchronous: captureSync)
        let sessions = Dictionary(uniqueKeysWithValues: (1...configuration.workers).map { ($0, "\(configuration.session)-w\($0)") })
        return try await capture.run { address in
            await progress.note("capture inspector: \(address)/_telltale/ui (the events tests send, live)")
            var configuration = configuration
            configuration.environment.merge(RunCapture.environment(address)) { _, capture in capture }
            if lifecycle == .automatic {
                configuration.environment[TelltaleEnvironment.lifecycle] = PlanLifecycle.automatic.rawValue
                configuration.oneTestAtATime = true
            }
            // Services may send analytics too (a backend's server-side events).
            let services = self.services.map { spec in
                var spec = spec
                spec.environment.merge(RunCapture.environment(address)) { own, _ in own }
                return spec
            }
            let running =
                services.isEmpty
                ? nil
                : try RunServices(
                    specs: services, workers: configuration.workers, runDirectory: runDirectory, logDirectory: logDirectory
                )
            let hooks = try running.map { (running: RunServices) throws(ServiceError) in try ServiceTestHooks(services: running) }
            let bracket = RunLifecycle(services: hooks, store: capture.store, verifier: verifier, sessions: sessions)
            switch lifecycle {
            case .process: configuration.lifecycle = bracket
            case .automatic: capture.store.setTestLifecycle(bracket)
            case .none: break
            }
            if let running {
                configuration.workerEnvironment = Dictionary(
                    uniqueKeysWithValues: (1...configuration.workers).map { ($0, running.environment(worker: $0)) })
            }
            let runner = TestRunner(configuration: configuration)
            let xcodeRunner = xcode.map { XcodeTestRunner(configuration: configuration, built: $0) }
            let ledger = TestResultLedger()
            let runTests = { @Sendable in
                try await stop.run {
                    if let xcodeRunner {
                        try await xcodeRunner.run(tests, allListed: listed, observer: observer, ledger: ledger)
                    } else {
                        _ = try await runner.run(tests, allListed: listed, observer: observer, ledger: ledger)
                    }
                }
            }
            var outcome = Outcome()
            do {
                if let running {
                    outcome.serviceFailure = try await startServices(running, runTests).1
                } else {
                    try await runTests()
                }
            } catch let stopped as RunStopped {
                outcome.end = .stopped(stopped.reason)
            } catch let error as ServiceError {
                // Before any test started there is nothing to report.
                guard await ledger.testCount > 0 else { throw error }
                outcome.end = .serviceFailed(error)
            } catch is CancellationError where Task.isCancelled {
                outcome.end = .cancelled
            }
            outcome.results = await ledger.results
            outcome.notes = await ledger.notes
            outcome.notRun = await ledger.notRun
            outcome.repetitions = await ledger.repetitions
            // A bisection's processes send events too, under their own session: not the run's.
            outcome.events = capture.store.query(EventFilter()).filter { $0.session != runner.bisectSession }
            outcome.checkedAtEnd = await bracket.verified
            if lifecycle == .automatic {
                let bracketed = await bracket.bracketedTests
                let missed = outcome.results.filter { $0.outcome != .skipped && !bracketed.contains($0.id) }.map(\.id.rawValue)
                if !missed.isEmpty { outcome.notes.append(Self.unbracketedNote(missed)) }
            }
            return outcome
        }
    }

    /// Under `automatic`, tests whose suite never called `tests/begin` ran without reset and
    /// setup, and their events were only checked after the run: a suite without the trait.
    static func unbracketedNote(_ tests: [String]) -> String {
        let shown = tests.prefix(5).joined(separator: ", ") + (tests.count > 5 ? ", …" : "")
        return "lifecycle is automatic, but \(tests.count) test(s) never called tests/begin, so their backend was not reset "
            + "and their events were checked only after the run: add `.telltale` to their suite or subclass TelltaleTestCase, "
            + "or use `lifecycle: process` (\(shown))"
    }

    private func startServices<T: Sendable>(
        _ running: RunServices, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> (T, ServiceError?) {
        let names = running.instances.map(\.instanceName).joined(separator: ", ")
        await progress.note("starting services: \(names)")
        let progress = self.progress
        let started = ContinuousClock.now
        return try await running.run {
            let elapsed = ContinuousClock.now - started
            await progress.note("services ready in \(elapsed.inMilliseconds) ms")
            return try await body()
        }
    }
}
