/// Every exit status the `telltale` commands use: part of the public contract, named
/// here once. The README and `Docs/Architecture.md` list the same table.
package enum TelltaleExitCode: Int32, Sendable, CaseIterable {
    /// Every test passed (tests that passed on a retry count as passed); a command did its job.
    case success = 0
    /// A test or an analytics check failed (`run`, `merge`).
    case testsFailed = 1
    /// Bad usage, a bad plan, or no package where one is needed; nothing was started.
    case usage = 2
    /// The build failed, a service never became ready, a worker or the capture server could not start.
    case infrastructure = 3
    /// SIGINT or SIGTERM stopped the run (128 + SIGINT, as shells report it); the
    /// tests that finished are in the reports.
    case interrupted = 130
}
