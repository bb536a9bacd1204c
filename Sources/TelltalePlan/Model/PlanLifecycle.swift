/// How a run brackets each test with the backend's reset/setup/teardown and the
/// checks of its analytics (the plan's `lifecycle`; see Docs/Verification.md).
package enum PlanLifecycle: String, Sendable, Equatable, CaseIterable {
    /// The suites link TelltaleTesting (`.telltale` trait, `TelltaleTestCase`) and call
    /// `tests/begin` and `tests/end` themselves: tests stay batched, one at a time per worker,
    /// and the checks' failures are recorded inside the test run.
    case automatic
    /// Telltale runs each test alone in its own process and brackets it: works with any suite.
    case process
    /// No bracketing: events are attributed by their test tag, or by session and time window,
    /// and checked after the run.
    case none
}
