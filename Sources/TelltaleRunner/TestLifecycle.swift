import TelltaleModel

/// Work around every test of a run that drives a backend's test mode: reset and
/// set up before the test, tear down and check for crashed services after it.
///
/// A run with a lifecycle runs each test alone in its own process, so "before"
/// and "after" are exact and no two tests of one worker share the backend.
package protocol TestLifecycle: Sendable {
    /// Prepares `worker`'s services for `test`. A returned message fails the test
    /// without running it; a thrown error stops the whole run.
    func beforeTest(_ test: TestID, worker: Int) async throws -> String?

    /// Ends `test` on `worker` once its process has ended: teardown, crash checks, the
    /// checks of its events. Returned messages fail the test; a thrown error stops the run.
    func afterTest(_ test: TestID, worker: Int) async throws -> [TestMessage]
}
