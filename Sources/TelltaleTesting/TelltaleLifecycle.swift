import Foundation
import TelltaleModel
import TelltaleTracker

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The automatic per-test lifecycle, as the test process sees it: `begin` before
/// a test (Telltale resets and sets up the backend, and attributes the session's
/// events to the test), `end` after it (teardown, then the plan's checks of the
/// test's events). Each call answers with the failures to record on the test.
///
/// Active only when `telltale run` asks for it (`TELLTALE_LIFECYCLE=automatic`);
/// otherwise `current` is nil and the trait and test case only tag events.
public struct TelltaleLifecycle: Sendable {
    public var controlURL: URL
    public var session: String

    /// The longest a call may take: `begin` resets a backend, `end` waits for its checks.
    static let timeout: TimeInterval = 120

    public init(controlURL: URL, session: String) {
        self.controlURL = controlURL
        self.session = session
    }

    /// The lifecycle of this test process, when `telltale run` runs it in automatic mode.
    public static let current: TelltaleLifecycle? = {
        let environment = TelltaleTestEnvironment()
        guard environment.variables[TelltaleEnvironment.lifecycle] == "automatic",
            let url = environment.controlURL, let session = environment.session
        else { return nil }
        return TelltaleLifecycle(controlURL: url, session: session)
    }()

    /// Something to record on the test: a message, and where it points when it has a place
    /// (an expectation's line in the plan).
    public struct Failure: Decodable, Sendable, Equatable {
        public var text: String
        public var file: String?
        public var line: Int?
        public var column: Int?

        public init(text: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
            self.text = text
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// Before the test. Failures mean the backend could not be prepared: the test should not run.
    public func begin(_ test: TestID) async -> [Failure] {
        await call("begin", test)
    }

    /// After the test: flushes every tracker first, so the checks see every event it sent.
    public func end(_ test: TestID) async -> [Failure] {
        let unsent = await Tracker.flushAll()
        return unsent.map { Failure(text: "an analytics event could not be sent: \($0)") } + (await call("end", test))
    }

    struct Answer: Decodable {
        var failures: [Failure]?
    }

    private func call(_ step: String, _ test: TestID) async -> [Failure] {
        var components = URLComponents(url: controlURL.appendingPathComponent("tests").appendingPathComponent(step), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "test", value: test.rawValue), URLQueryItem(name: "session", value: session)]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.timeoutInterval = Self.timeout
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else {
                return [Failure(text: "Telltale's tests/\(step) answered HTTP \(status): \(String(decoding: data.prefix(500), as: UTF8.self))")]
            }
            return try JSONDecoder().decode(Answer.self, from: data).failures ?? []
        } catch {
            return [Failure(text: "Telltale's tests/\(step) failed: \(error.localizedDescription)")]
        }
    }
}
