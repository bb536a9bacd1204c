import Foundation
import TelltaleTracker
import TelltaleWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The per-test lifecycle, as the test process sees it: `begin` before a test (the backend
/// is reset and set up for it), `end` after it (the backend's teardown, and under
/// `telltale run` the plan's checks of the test's events). Each call answers with the
/// failures to record on the test. `TelltaleLifecycleTrait` and `TelltaleTestCase` call it;
/// a suite never has to.
///
/// It has two modes, and `current` picks one from the environment:
/// - **through Telltale**, when `telltale run` asks for it (`TELLTALE_LIFECYCLE=automatic`):
///   the calls go to the run's control API, which resets the test's own backend instance,
///   attributes the session's events to the test and checks them afterwards;
/// - **by hand**, outside any `telltale run`, when `TELLTALE_TEST_MODE_URL` names a backend you
///   started in test mode: the calls go straight to its `/tests/reset`,
///   `/tests/setup?test=ID` and `/tests/teardown?test=ID`, so `swift test` alone runs the same
///   suites the same way.
///
/// Otherwise `current` is nil, and the trait and test case only tag events with the test.
public struct TelltaleLifecycle: Sendable, Equatable {
    /// Where the lifecycle's calls go: Telltale's control API, or a backend's test-mode routes.
    public enum Mode: Sendable, Equatable {
        /// Through `telltale run`'s control API, for this worker's session.
        case throughTelltale(controlURL: URL, session: String)
        /// Straight to a backend's test-mode routes, without Telltale.
        case byHand(backendURL: URL)
    }

    /// Where `begin` and `end` send their calls.
    public var mode: Mode

    /// The longest a call may take: `begin` resets a backend, `end` waits for its checks.
    static let timeout: TimeInterval = 120

    /// A lifecycle in `mode`; `current` picks the process's own, so a suite rarely makes one.
    public init(mode: Mode) {
        self.mode = mode
    }

    /// Through Telltale's control API, as `telltale run` sets it up.
    public init(controlURL: URL, session: String) {
        self.init(mode: .throughTelltale(controlURL: controlURL, session: session))
    }

    /// The lifecycle of this test process, if any (see the type's description).
    public static let current: TelltaleLifecycle? = lifecycle(in: TelltaleTestEnvironment())

    /// The lifecycle `environment` asks for: through Telltale, by hand, or none.
    public static func lifecycle(in environment: TelltaleTestEnvironment) -> TelltaleLifecycle? {
        if environment.variables[TelltaleEnvironment.lifecycle] == "automatic" {
            guard let url = environment.controlURL, let session = environment.session else { return nil }
            return TelltaleLifecycle(controlURL: url, session: session)
        }
        // Under `telltale run` the run decides who resets the backend; never the test too.
        guard !environment.isUnderTelltale, let backend = environment.testModeURL else { return nil }
        return TelltaleLifecycle(mode: .byHand(backendURL: backend))
    }

    /// Something to record on the test: a message, and where it points when it has a place
    /// (an expectation's line in the plan).
    public struct Failure: Decodable, Sendable, Equatable {
        /// The message, recorded as the test's failure word for word.
        public var text: String
        /// The file it points at (the plan), when it has a place.
        public var file: String?
        /// The line in `file`.
        public var line: Int?
        /// The column in `file`, when known.
        public var column: Int?

        /// A failure with `text`, pointing at `file`, `line` and `column` when given.
        public init(text: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
            self.text = text
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// Before the test. Failures mean the backend could not be prepared: the test should not run.
    public func begin(_ test: TestID) async -> [Failure] {
        switch mode {
        case .throughTelltale(let controlURL, let session):
            return await call(controlURL, "begin", test, session: session)
        case .byHand(let backendURL):
            let reset = await post(backendURL.appendingPathComponent("tests/reset"), test: nil)
            guard reset.isEmpty else { return reset }
            return await post(backendURL.appendingPathComponent("tests/setup"), test: test)
        }
    }

    /// After the test: flushes every tracker first, so the checks see every event it sent.
    public func end(_ test: TestID) async -> [Failure] {
        let failures = await Self.flushEvents()
        switch mode {
        case .throughTelltale(let controlURL, let session):
            return failures + (await call(controlURL, "end", test, session: session))
        case .byHand(let backendURL):
            return failures + (await post(backendURL.appendingPathComponent("tests/teardown"), test: test))
        }
    }

    /// Sends every event the process's trackers queued and waits for them; a failed send is a
    /// failure of the test. Also called after a test with no lifecycle: a tracker sends in
    /// batches, and a test process that exits first (`lifecycle: process`, one test per process)
    /// would take its last events with it.
    public static func flushEvents() async -> [Failure] {
        await Tracker.flushAll().map { Failure(text: "an analytics event could not be sent: \($0)") }
    }

    struct Answer: Decodable {
        var failures: [Failure]?
    }

    private func call(_ controlURL: URL, _ step: String, _ test: TestID, session: String) async -> [Failure] {
        var components = URLComponents(
            url: controlURL.appendingPathComponent("tests").appendingPathComponent(step),
            resolvingAgainstBaseURL: false
        )!
        components.queryItems = [URLQueryItem(name: "test", value: test.rawValue), URLQueryItem(name: "session", value: session)]
        let (status, data, error) = await Self.send(components.url!)
        if let error { return [Failure(text: "Telltale's tests/\(step) failed: \(error)")] }
        guard status == 200 else {
            return [Failure(text: "Telltale's tests/\(step) answered HTTP \(status): \(String(decoding: data.prefix(500), as: UTF8.self))")]
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: data).failures ?? []
        } catch {
            return [Failure(text: "Telltale's tests/\(step) answered something unexpected: \(error.localizedDescription)")]
        }
    }

    /// A test-mode call by hand: any 2xx is fine; otherwise the backend's answer is the failure,
    /// as `telltale run` reports it.
    private func post(_ url: URL, test: TestID?) async -> [Failure] {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        if let test { components.queryItems = [URLQueryItem(name: "test", value: test.rawValue)] }
        let target = components.url!
        let (status, data, error) = await Self.send(target)
        if let error { return [Failure(text: "POST \(target.absoluteString) failed: \(error)")] }
        guard (200..<300).contains(status) else {
            let body = String(decoding: data.prefix(2000), as: UTF8.self)
            return [Failure(text: "POST \(target.path) answered HTTP \(status)" + (body.isEmpty ? "" : ": \(body)"))]
        }
        return []
    }

    /// One POST: its status and body, or why it could not be sent.
    private static func send(_ url: URL) async -> (status: Int, data: Data, error: String?) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.timeoutInterval = timeout
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data, nil)
        } catch {
            return (0, Data(), error.localizedDescription)
        }
    }
}
