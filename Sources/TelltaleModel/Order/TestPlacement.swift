/// Where one attempt of a test ran: which test process, and how many of that process's tests
/// started before it.
///
/// Observed, not assumed: the position is the order in which the process's tests started (XCTest's
/// console, Swift Testing's event stream), so a bisection (`OrderDependency`) can start from a
/// recorded run, and the same seed can be checked to give the same order.
package struct TestPlacement: Codable, Sendable, Hashable {
    /// The test process, unique across runs: its worker's capture session and the run's count of
    /// processes (`<session>/p7`).
    package var process: String
    /// How many tests of the process started before this one: 0 for the first (alone, as a retry is).
    package var position: Int
    /// The worker (1-based) the process belonged to.
    package var worker: Int
    /// The seed that drew the order of this attempt's pass (`--shuffle`); nil in the usual order.
    package var seed: Int?

    package init(process: String, position: Int, worker: Int, seed: Int? = nil) {
        self.process = process
        self.position = position
        self.worker = worker
        self.seed = seed
    }

    /// No test of its process started before it: what ran with it cannot have changed its outcome.
    package var isAlone: Bool { position == 0 }
}
