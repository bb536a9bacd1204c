import TelltaleModel
import TelltaleProcesses

/// What every test process of one worker shares: the run's configuration, and what is this
/// worker's own (its session's environment, log, observer and time limits). What the
/// configuration says is read from it, never copied, so a new setting is one field there.
struct TestProcessContext: Sendable {
    /// The worker these processes belong to, from 1.
    var worker: Int
    /// The run's configuration, as the orchestrator made it (`TestRunner.Configuration`).
    var run: TestRunner.Configuration
    /// The run's environment with this worker's own: its session, the shared files' variables.
    var environment: [String: String]
    var scratchDirectory: String
    var log: ProcessLog
    /// Hears every result; records it in `ledger` first (`LedgerObserver`).
    var observer: any TestRunObserver
    /// Where this run's results are assembled and kept.
    var ledger: TestResultLedger
    var limits: TimeLimits
    /// The seed that drew the order of the pass these processes belong to (`--shuffle`).
    var seed: Int?

    /// Starts the test processes: the binary itself, SwiftPM's way on macOS, or `swift test`.
    var launcher: any TestLauncher { run.launcher }
    var workingDirectory: String? { run.workingDirectory }
    /// Set when the run drives a backend's test mode: every test then runs alone, inside it.
    var lifecycle: (any TestLifecycle)? { run.lifecycle }
    /// Every batch runs serially (see `TestRunner.Configuration.oneTestAtATime`).
    var oneTestAtATime: Bool { run.oneTestAtATime }
    /// The schema Swift Testing processes write their event stream in.
    var eventStreamVersion: EventStreamVersion { run.eventStreamVersion }
    /// Where attached files go; nil runs without `--attachments-path`.
    var attachments: AttachmentStore? { run.attachments }
    /// Set for a coverage map run: each test runs alone, with this profile file.
    var profileFileByTest: [TestID: String]? { run.profileFileByTest }
    /// Variables of some tests' processes only, by the run's id (`PlanVariants`).
    var testEnvironment: [TestID: [String: String]] { run.testEnvironment }

    /// `TELLTALE_SESSION` of this worker's processes.
    var session: String? { environment[TelltaleEnvironment.session] }

    /// Keeps a batch's final results (with the output attributed after their process ended)
    /// in the ledger, without telling the observer again.
    func settle(_ results: [TestResult]) async {
        for result in results { await ledger.record(result, worker: worker, session: session) }
    }

    /// A test process for `command`, line-buffered so a crash loses no output. `id` is its
    /// `newProcess()` id, which its raw profile's name carries (`ProfileFileName`).
    func process(_ command: TestCommand, id: String, extraEnvironment: [String: String] = [:]) -> ChildProcess {
        var environment = environment.merging(command.environment) { _, launcher in launcher }.merging(extraEnvironment) { own, _ in own }
        if let pattern = environment[ProfileFileName.variable] {
            environment[ProfileFileName.variable] = ProfileFileName.naming(pattern, process: id)
        }
        return ChildProcess(
            executable: command.executable,
            arguments: command.arguments,
            environment: environment,
            workingDirectory: workingDirectory,
            lineBuffered: true,
            stop: command.stop
        )
    }

    /// Runs `process` under the watchdog's `check`, giving `onLine` the test process's lines:
    /// the launcher's own (`swift test`'s) are logged but not parsed, and its report of the
    /// test process's signal becomes the exit, so a crash reads the same whatever launched it.
    /// A launcher kept from starting its test process by a build of the same package runs
    /// again once the build lets it (`LauncherBusyRetry`).
    func run(
        _ process: ChildProcess, onLine: @escaping @Sendable (String) async -> Void, check: (@Sendable () async -> Bool)?
    ) async throws -> ProcessExit {
        let launcher = launcher
        let log = log
        let waiting: (Duration) async -> Void = { await log.line("(a build of the same package held its files; trying again in \($0))") }
        return try await LauncherBusyRetry.run(waiting: waiting) {
            let seen = LauncherReport()
            let exit = try await Watchdog.run(
                process,
                onLine: { line in
                    for piece in launcher.split(line) {
                        switch piece {
                        case .test(let text):
                            await seen.testOutput()
                            await onLine(text)
                        case .launcher(let text): await log.line(text)
                        case .testProcessSignaled(let signal, let text):
                            await log.line(text)
                            await seen.signaled(signal)
                        case .launcherBusy(let text):
                            await log.line(text)
                            await seen.busy()
                        }
                    }
                },
                check: check)
            let report = await seen.report
            let busy = report.busy && !report.testOutput && !exit.isSuccess
            if let signal = report.signal, !exit.isSuccess { return (.signaled(signal), busy) }
            return (exit, busy)
        }
    }
}

/// What a launcher said about one run of its command.
private actor LauncherReport {
    private(set) var report: (signal: Int32?, busy: Bool, testOutput: Bool) = (nil, false, false)
    func signaled(_ signal: Int32) { report.signal = signal }
    func busy() { report.busy = true }
    func testOutput() { report.testOutput = true }
}

/// What one batch produced.
struct BatchResult: Sendable {
    var results: [TestResult] = []
    /// Requested tests the process never got to, because it died first.
    var notStarted: [TestID] = []
    /// Tests that were running together when the process died; which one killed it is unknown,
    /// so each runs again alone.
    var ambiguousCrash: [TestID] = []
    /// Set when the process ended abnormally.
    var crash: ProcessExit?
    var lastLines: [String] = []
    var notes: [String] = []
}
