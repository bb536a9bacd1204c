import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleRunner
import TelltaleServices
import TelltaleVerify

/// What brackets each test of a run: the services' test-mode protocol, the capture
/// store's attribution markers, and the checks of the test's events.
///
/// In `process` mode the runner calls it (`TestLifecycle`) around each test's own process;
/// in `automatic` mode the tests' lifecycle trait or test case calls the control API, and
/// the capture server passes those calls on (`CaptureTestLifecycle`), answering with the
/// failures to record inside the test.
actor RunLifecycle: TestLifecycle, CaptureTestLifecycle {
    private let services: ServiceTestHooks?
    private let store: EventStore
    private let verifier: Verifier?
    /// `TELLTALE_SESSION` of each worker, and back.
    private let sessions: [Int: String]
    private let workers: [String: Int]
    /// Tests whose events were checked when they ended, with the verdict.
    private(set) var verified: [TestID: TestVerification] = [:]
    /// When each test's current attempt began: a retry is checked on its own events only.
    private var began: [TestID: Date] = [:]

    /// Tests that were bracketed at least once.
    var bracketedTests: Set<TestID> { Set(began.keys) }

    init(services: ServiceTestHooks?, store: EventStore, verifier: Verifier?, sessions: [Int: String]) {
        self.services = services
        self.store = store
        self.verifier = verifier
        self.sessions = sessions
        workers = Dictionary(uniqueKeysWithValues: sessions.map { ($1, $0) })
    }

    // MARK: process mode: the runner brackets each test's process

    func beforeTest(_ test: TestID, worker: Int) async throws -> String? {
        began[test] = Date()
        if let failure = try await services?.beforeTest(test, worker: worker) { return failure }
        if let session = sessions[worker] { store.beginTest(test, session: session) }
        return nil
    }

    func afterTest(_ test: TestID, worker: Int) async throws -> [TestMessage] {
        if let session = sessions[worker] { store.endTest(test, session: session) }
        let failures = try await services?.afterTest(test, worker: worker) ?? []
        return failures.map { TestMessage(kind: .failure, text: $0) } + check(test)
    }

    // MARK: automatic mode: the tests call tests/begin and tests/end (the store marks them itself)

    func testBegan(_ test: TestID, session: String) async -> [TestMessage] {
        began[test] = Date()
        guard let worker = workers[session] else { return [] }
        do {
            return try await services?.beforeTest(test, worker: worker).map { [TestMessage(kind: .error, text: $0)] } ?? []
        } catch {
            return [TestMessage(kind: .error, text: "the test did not run: \(error.localizedDescription)")]
        }
    }

    func testEnded(_ test: TestID, session: String) async -> [TestMessage] {
        var failures: [String] = []
        if let worker = workers[session] {
            do {
                failures += try await services?.afterTest(test, worker: worker) ?? []
            } catch {
                failures.append(error.localizedDescription)
            }
        }
        return failures.map { TestMessage(kind: .failure, text: $0) } + check(test)
    }

    /// The plan's checks of the events attributed to `test` so far.
    private func check(_ test: TestID) -> [TestMessage] {
        guard let verifier else { return [] }
        var events = store.query(EventFilter(test: test))
        if let start = began[test] { events.removeAll { $0.receivedAt < start } }
        let verdict = verifier.verify(test: test, events: events)
        verified[test] = verdict
        return verdict.messages
    }
}
