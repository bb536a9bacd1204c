import Foundation
import TelltaleModel

/// Runs the selected tests of a built test binary and returns one result per test.
///
/// `workers` test processes run at once, each taking batches from a shared queue
/// with its own session and log. A test that fails runs again, up to its retry count, as
/// soon as its process has ended and a worker is free, ahead of the tests not yet started
/// (so `--fail-fast` learns early that one failed for good); a test that passes on a retry
/// is flaky and keeps its earlier attempts. No selected test is ever dropped: one that no
/// framework reported is recorded as an `error`.
package struct TestRunner: Sendable {
    package struct Configuration: Sendable {
        /// Starts the test processes (see `TestLauncher`).
        package var launcher: any TestLauncher
        /// Where test processes run; `swift test` users expect the package root.
        package var workingDirectory: String?
        package var environment: [String: String]
        /// Where `worker-N.log` files go: every line of every test process.
        package var logDirectory: String?
        package var workers: Int
        /// Worker N's processes get `TELLTALE_SESSION=<session>-wN`.
        package var session: String
        package var settings: [TestID: TestSettings]
        package var defaultSettings: TestSettings
        /// Variables for one worker's processes only, such as the URL of its own backend instance.
        package var workerEnvironment: [Int: [String: String]]
        /// Reset, setup and teardown around each test; nil runs tests in batches, without one.
        package var lifecycle: (any TestLifecycle)?
        /// Each process runs its tests one at a time (Swift Testing with `--no-parallel`), for
        /// suites whose own lifecycle calls bracket each test on a shared backend.
        package var oneTestAtATime: Bool
        /// Past durations in seconds, keyed as `ShardPlanner.timingKey` (`--timings`): workers then
        /// take the longest work first. Empty: no estimates, tests go in id order.
        package var durations: [String: Double]
        /// Tests to start first, keyed as `durations`: lower goes earlier (0 failed in the last
        /// recorded run, 1 was flaky lately); the rest follow, longest first.
        package var priorities: [String: Int]
        /// The event-stream schema Swift Testing processes write (`TestLister` finds it).
        package var eventStreamVersion: EventStreamVersion
        /// Where attached files go (the report folder); nil runs without them.
        package var attachments: AttachmentStore?
        /// An XCTest class runs whole in one process, in its order (`TestUnits`); false hands its
        /// tests out one by one (`--split-classes`). A shuffled run always does.
        package var wholeClasses = true
        /// `LLVM_PROFILE_FILE` for every test process of a coverage run (a pattern with `%p`, so
        /// each process, its retries and re-runs, and the children it starts write their own raw
        /// profile; `{process}` in it becomes the process's number, `ProfileFileName`); nil leaves
        /// the variable as it is.
        package var profileFile: String?
        /// A coverage map run's `LLVM_PROFILE_FILE` for each test (`--coverage-map`): every test
        /// then runs in processes of its own, which write only its profiles. Nil shares `profileFile`.
        package var profileFileByTest: [TestID: String]?
        /// `--stress-new`: these tests run `stressRuns` more times after the first pass and its
        /// retries, each run a pass of its own whose results become attempts, as retries' do.
        package var stressTests: Set<TestID> = []
        package var stressRuns = 0
        /// Variables for some tests' processes only, over `environment`: a plan suite's own and
        /// its variant's, keyed by the id the run gives the test. A process runs tests with the
        /// same variables only. A test whose id names a variant (`Suite/test [loggedOut]`) is run
        /// by the id its binary lists (`Suite/test`), and its results come back under the variant's.
        package var testEnvironment: [TestID: [String: String]] = [:]
        /// `--shuffle`: the seed that draws the first repetition's order (`WorkQueue`); each
        /// further repetition takes the next one. Nil: the usual order.
        package var seed: Int?
        /// `--repeat`: how many times the selection runs, each repetition a pass of its own whose
        /// results become attempts, as retries' do; nil runs it until `untilFailure` stops it.
        package var repetitions: Int? = 1
        /// `--until-failure`: no further repetition once a test has failed for good (`excused`
        /// aside), or once this much time has passed since testing began.
        package var untilFailure: Duration?
        /// Tests whose failures do not stop `--until-failure`: those a quarantine entry excuses.
        package var excused: Set<TestID> = []
        /// `--bisect-budget`: the time suspected victims and brittle tests may take to bisect
        /// after the run (`OrderSuspect`, `OrderBisector`); zero bisects nothing.
        package var bisectBudget: Duration = .zero
        /// Queue mode (`--queue`): workers take their units from this queue, which other machines
        /// share, instead of the run's own; the run's tests are the whole build's, and this
        /// machine's results are those of the units it ran. One pass, no stress runs.
        package var sharedQueue: (any SharedWorkQueue)?
        /// `telltale run` as this run was spelled (plan, package), to which a reproduction adds its filters.
        package var reproductionCommand: [String] = ["telltale", "run"]
        /// Where earlier runs (the history) passed some tests after other tests: a test that fails
        /// in every attempt here is bisected over the tests before it there, as a suspected brittle
        /// test (`OrderSuspect.brittle`). Nil: no earlier runs to ask.
        package var earlierPasses: (@Sendable ([TestID]) async -> [TestID: EarlierPass])?

        package init(
            launcher: any TestLauncher,
            workingDirectory: String?,
            environment: [String: String] = [:],
            logDirectory: String? = nil,
            workers: Int = 1,
            session: String = UUID().uuidString.lowercased(),
            settings: [TestID: TestSettings] = [:],
            defaultSettings: TestSettings = TestSettings(),
            workerEnvironment: [Int: [String: String]] = [:],
            lifecycle: (any TestLifecycle)? = nil,
            oneTestAtATime: Bool = false,
            durations: [String: Double] = [:],
            priorities: [String: Int] = [:],
            eventStreamVersion: EventStreamVersion = .v0,
            attachments: AttachmentStore? = nil
        ) {
            self.launcher = launcher
            self.workingDirectory = workingDirectory
            self.environment = environment
            self.logDirectory = logDirectory
            self.workers = max(1, workers)
            self.session = session
            self.settings = settings
            self.defaultSettings = defaultSettings
            self.workerEnvironment = workerEnvironment
            self.lifecycle = lifecycle
            self.oneTestAtATime = oneTestAtATime
            self.durations = durations
            self.priorities = priorities
            self.eventStreamVersion = eventStreamVersion
            self.attachments = attachments
        }
    }

    package struct Outcome: Sendable {
        package var results: [TestResult]
        package var notes: [String]
    }

    package var configuration: Configuration

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs `tests` and returns their results. Every result goes through `ledger`, which a
    /// caller keeps to read what finished when the run is cancelled (it then throws).
    package func run(
        _ tests: [ListedTest], allListed: [ListedTest], observer: any TestRunObserver, ledger: TestResultLedger = TestResultLedger()
    ) async throws -> Outcome {
        await ledger.begin(tests)
        await observer.runStarting(testCount: tests.count)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let limits = TimeLimits(
            settings: configuration.settings, defaults: configuration.defaultSettings, testingStarted: Date(),
            ownLimits: Dictionary(tests.compactMap { test in test.traits.timeLimit.map { (test.id, $0) } }) { first, _ in first }
        )
        let contexts = try workerContexts(
            count: min(configuration.workers, max(1, tests.count)), allListed: allListed, scratch: scratch, limits: limits,
            observer: observer, ledger: ledger)
        let listed = Dictionary(grouping: allListed, by: \.framework).mapValues { $0.map(\.id) }

        try await repeatedPasses(tests, contexts: contexts, listed: listed, limits: limits, observer: observer, ledger: ledger)
        try await stress(tests, contexts: contexts, listed: listed, limits: limits, observer: observer, ledger: ledger)
        try await bisectSuspects(contexts, listed: listed, observer: observer, ledger: ledger)
        for context in contexts { await context.log.close() }

        // Every batch's process checks what it did not report (`TestWorker`); a test with no
        // result at all by now is caught here, on the same road.
        // In queue mode the other machines run the rest.
        let notRun = configuration.sharedQueue == nil ? Set(await ledger.notRun) : []
        for framework in [TestFramework.xctest, .swiftTesting] {
            let unreported = tests.filter { notRun.contains($0.id) && $0.framework == framework }.map(\.id)
            for result in await ledger.neverReported(unreported, framework: framework) {
                await observer.testFinished(await ledger.record(result, worker: nil, session: nil))
            }
        }
        for note in await configuration.attachments?.notes ?? [] { await ledger.note(note) }
        return Outcome(results: await ledger.results, notes: await ledger.notes)
    }

    /// The first pass with its retries, then (`--repeat`, `--until-failure`) the selection again
    /// and again, each time in the order the next seed draws, until the count is reached, a test
    /// failed for good, or the time is up.
    private func repeatedPasses(
        _ tests: [ListedTest], contexts: [TestProcessContext], listed: [TestFramework: [TestID]], limits: TimeLimits,
        observer: any TestRunObserver, ledger: TestResultLedger
    ) async throws {
        let repeating = configuration.repetitions != 1 || configuration.untilFailure != nil
        let started = ContinuousClock.now
        if repeating {
            await observer.repeating(repetition: 1, of: configuration.repetitions, seed: configuration.seed)
            await ledger.beginRepetition(1)
        }
        try await pass(tests, contexts: contexts, listed: listed, limits: limits, retrying: true, seed: configuration.seed)
        guard repeating else { return }
        var repetition = 1
        while repetition < configuration.repetitions ?? .max {
            if let budget = configuration.untilFailure {
                if await ledger.anyFailure(excusing: configuration.excused) || ContinuousClock.now - started >= budget { return }
            }
            repetition += 1
            let seed = configuration.seed.map { $0 + repetition - 1 }
            await observer.repeating(repetition: repetition, of: configuration.repetitions, seed: seed)
            await ledger.beginRepetition(repetition)
            try await pass(tests, contexts: contexts, listed: listed, limits: limits, retrying: true, seed: seed)
        }
    }

    /// `--stress-new`: the stressed tests that passed so far run `stressRuns` more times, each
    /// run a pass of its own. One that failed for good fails the run already, and one that
    /// passed on a retry has shown itself flaky: neither needs more runs to be judged.
    private func stress(
        _ tests: [ListedTest], contexts: [TestProcessContext], listed: [TestFramework: [TestID]], limits: TimeLimits,
        observer: any TestRunObserver, ledger: TestResultLedger
    ) async throws {
        guard configuration.stressRuns > 0, !configuration.stressTests.isEmpty, configuration.sharedQueue == nil else { return }
        var stressed: [ListedTest] = []
        for test in tests where configuration.stressTests.contains(test.id) {
            if let result = await ledger.result(for: test.id), result.outcome == .passed, !result.isFlaky { stressed.append(test) }
        }
        guard !stressed.isEmpty else { return }
        for run in 1...configuration.stressRuns {
            await observer.stressing(testCount: stressed.count, run: run, of: configuration.stressRuns)
            await ledger.beginPass()
            try await pass(stressed, contexts: contexts, listed: listed, limits: limits, retrying: false, seed: nil)
        }
    }

    /// One context a worker: its session, its log, and an observer that records in `ledger`.
    func workerContexts(
        count: Int, allListed: [ListedTest], scratch: String, limits: TimeLimits, observer: any TestRunObserver, ledger: TestResultLedger
    ) throws -> [TestProcessContext] {
        // Once for every worker: a long list is written to a file, which all of them share.
        var shared = configuration.environment
        if let profileFile = configuration.profileFile { shared[ProfileFileName.variable] = profileFile }
        let disambiguated = allListed.filter { $0.id.sourceLocationSuffix != nil }.map(\.id.rawValue)
        if !disambiguated.isEmpty {
            shared[TelltaleEnvironment.disambiguatedTests] = try TelltaleEnvironment.disambiguatedTestsValue(
                disambiguated, scratchDirectory: scratch
            )
        }
        return try (1...count).map { worker in
            var environment = shared
            environment.merge(configuration.workerEnvironment[worker] ?? [:]) { _, own in own }
            let session = "\(configuration.session)-w\(worker)"
            environment[TelltaleEnvironment.session] = session
            return TestProcessContext(
                worker: worker,
                run: configuration,
                environment: environment,
                scratchDirectory: scratch,
                log: try ProcessLog(path: configuration.logDirectory.map { "\($0)/worker-\(worker).log" }),
                observer: LedgerObserver(ledger: ledger, worker: worker, session: session, next: observer),
                ledger: ledger,
                limits: limits
            )
        }
    }

    /// Runs `tests` once across the workers, in the order `seed` draws (if any), and with
    /// `retrying` each failure again as soon as it is over, up to its retries; the results land
    /// in the ledger.
    private func pass(
        _ tests: [ListedTest], contexts: [TestProcessContext], listed: [TestFramework: [TestID]], limits: TimeLimits, retrying: Bool,
        seed: Int?
    ) async throws {
        let estimates = DurationEstimates(recorded: configuration.durations, tests: tests)
        let queue: any WorkSource
        if let shared = configuration.sharedQueue, let ledger = contexts.first?.ledger {
            queue = SharedWorkSource(shared: shared, ledger: ledger)
        } else {
            let own = WorkQueue(
                tests: tests, limits: limits, workers: contexts.count, estimates: estimates, priorities: configuration.priorities,
                processStartCost: configuration.launcher.processStartCost, seed: seed, wholeClasses: configuration.wholeClasses
            )
            // Said once a run, not once a pass (`--repeat`, `--stress-new`).
            if let ledger = contexts.first?.ledger { for note in own.notes { await ledger.noteOnce(note) } }
            queue = own
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for context in contexts {
                var seeded = context
                seeded.seed = seed
                let worker = TestWorker(context: seeded, listed: listed, queue: queue, retries: retrying)
                group.addTask { try await worker.run() }
            }
            try await group.waitForAll()
        }
    }
}
