import TelltaleModel

/// What every test process of a run shares.
struct TestProcessContext: Sendable {
    var binary: String
    var workingDirectory: String?
    var environment: [String: String]
    var scratchDirectory: String
    var log: ProcessLog
    var observer: any TestRunObserver
    var limits: TimeLimits

    /// A test process: the binary with these arguments, line-buffered so a crash loses no output.
    func process(arguments: [String]) -> ChildProcess {
        ChildProcess(
            executable: binary,
            arguments: arguments,
            environment: environment,
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
