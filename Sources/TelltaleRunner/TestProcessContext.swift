import TelltaleModel
import TelltaleProcesses

/// What every test process of a run shares.
struct TestProcessContext: Sendable {
    /// The worker these processes belong to, from 1.
    var worker: Int
    var binary: String
    var workingDirectory: String?
    var environment: [String: String]
    var scratchDirectory: String
    var log: ProcessLog
    var observer: any TestRunObserver
    var limits: TimeLimits
    /// Set when the run drives a backend's test mode: every test then runs alone, inside it.
    var lifecycle: (any TestLifecycle)?
    /// Every batch runs serially (see `TestRunner.Configuration.oneTestAtATime`).
    var oneTestAtATime = false
    /// The schema Swift Testing processes write their event stream in.
    var eventStreamVersion: EventStreamVersion = .v0
    /// Where attached files go; nil runs without `--attachments-path`.
    var attachments: AttachmentStore?

    /// `TELLTALE_SESSION` of this worker's processes.
    var session: String? { environment[TelltaleEnvironment.session] }

    /// A test process: the binary with these arguments, line-buffered so a crash loses no output.
    func process(arguments: [String], extraEnvironment: [String: String] = [:]) -> ChildProcess {
        ChildProcess(
            executable: binary,
            arguments: arguments,
            environment: environment.merging(extraEnvironment) { own, _ in own },
            workingDirectory: workingDirectory,
            lineBuffered: true
        )
    }
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
