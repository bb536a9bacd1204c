/// What happens when a service exits while tests run. The test in flight fails either way.
package enum CrashPolicy: String, Sendable, Equatable {
    /// Start it again (waiting for readiness) for the remaining tests.
    case restart
    /// Stop the run.
    case stop
}
