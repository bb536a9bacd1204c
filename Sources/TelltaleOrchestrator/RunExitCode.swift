/// The exit statuses of `telltale run`, part of the public contract.
public enum RunExitCode: Int32, Sendable {
    /// Every test passed (tests that passed on a retry count as passed).
    case passed = 0
    /// A test or an analytics check failed.
    case testsFailed = 1
    /// Bad usage or a bad plan; nothing was started.
    case usage = 2
    /// The build failed, a service never became ready, or a worker could not start.
    case infrastructure = 3
    /// SIGINT or SIGTERM stopped the run (128 + SIGINT, as shells report it); the
    /// tests that finished are in the reports.
    case interrupted = 130
}
