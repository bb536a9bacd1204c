import Foundation
import TelltaleTracker
import TelltaleWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Waits for and checks the analytics events the code under test sent, through the capture
/// server's `/_telltale/wait` long poll (no polling from the test).
///
/// Every check throws `EventVerificationError` (with the nearest misses, or the unwanted events),
/// which fails the test in XCTest and Swift Testing alike and names the check's call, where
/// `telltale run` records the failure; `expectEvent` records an issue at its call instead of throwing.
public struct EventVerifier: Sendable {
    /// The control API root, `…/_telltale`.
    public var controlURL: URL
    /// The capture session to look in (a worker's); nil looks at every session.
    public var session: String?
    /// Limit checks to events attributed to this test; nil uses the test the lifecycle
    /// trait or test case is running (`TelltaleTestContext.currentTest`), if any.
    public var test: TestID?
    /// How long `waitFor`, `expectCount` and `expectEvent` wait when given no `timeout`.
    public var defaultTimeout: Duration

    /// A verifier for a capture server you name, such as one started with `telltale capture`.
    /// - Parameter controlURL: The server's control API root: its URL followed by `_telltale`.
    public init(controlURL: URL, session: String? = nil, test: TestID? = nil, defaultTimeout: Duration = .seconds(5)) {
        self.controlURL = controlURL
        self.session = session
        self.test = test
        self.defaultTimeout = defaultTimeout
    }

    /// From `TELLTALE_CONTROL_URL` and `TELLTALE_SESSION`, which `telltale run` gives every test
    /// process; nil without them (plain `swift test`), which `#require(EventVerifier())` reports
    /// only as `→ nil`. `try EventVerifier.fromEnvironment()` throws the reason instead.
    public init?(environment: TelltaleTestEnvironment = TelltaleTestEnvironment()) {
        guard let url = environment.controlURL else { return nil }
        self.init(controlURL: url, session: environment.session)
    }

    /// From the environment, as `init?(environment:)`, or an error that says what is missing and
    /// how to provide it (`EventVerificationError.notConfigured`).
    public static func fromEnvironment(
        _ environment: TelltaleTestEnvironment = TelltaleTestEnvironment()
    ) throws(EventVerificationError)
        -> EventVerifier
    {
        guard let verifier = EventVerifier(environment: environment) else { throw .notConfigured }
        return verifier
    }

    /// Waits until at least `count` events named `name` with these exact params arrive; returns them.
    @discardableResult
    public func waitFor(
        _ name: String, where params: [String: JSONValue] = [:], count: Int = 1, timeout: Duration? = nil,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async throws -> [Event] {
        try await located(filePath, line, column) { try await checkWaitFor(name, params, count: count, timeout: timeout) }
    }

    /// Fails if any matching event arrives within `within` (or is already there).
    public func expectNone(
        _ name: String, where params: [String: JSONValue] = [:], within: Duration = .milliseconds(500),
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async throws {
        try await located(filePath, line, column) { try await checkNone(name, params, within: within) }
    }

    /// Waits for exactly `count` matching events: at least that many within the timeout, and no more
    /// after a short settle time.
    @discardableResult
    public func expectCount(
        _ name: String, where params: [String: JSONValue] = [:], equals count: Int, timeout: Duration? = nil,
        settle: Duration = .milliseconds(200), filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async throws -> [Event] {
        try await located(filePath, line, column) {
            if count == 0 {
                try await checkNone(name, params, within: settle)
                return []
            }
            _ = try await checkWaitFor(name, params, count: count, timeout: timeout)
            let after = try await wait(name, params, count: count + 1, timeout: settle)
            if after.count != count {
                throw EventVerificationError.unexpected(expectation: Self.describe(name, params), expected: count, found: after.events)
            }
            return after.events
        }
    }

    /// Like `waitFor`, but records a test issue (Swift Testing or XCTest) instead of throwing.
    @discardableResult
    public func expectEvent(
        _ name: String, where params: [String: JSONValue] = [:], count: Int = 1, timeout: Duration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async -> [Event] {
        do {
            return try await checkWaitFor(name, params, count: count, timeout: timeout)
        } catch {
            TestIssue.record(
                (error as? EventVerificationError)?.message ?? error.localizedDescription, fileID: fileID, filePath: filePath, line: line,
                column: column)
            return []
        }
    }

    private func checkWaitFor(_ name: String, _ params: [String: JSONValue], count: Int, timeout: Duration?) async throws -> [Event] {
        let answer = try await wait(name, params, count: count, timeout: timeout ?? defaultTimeout)
        guard answer.matched else {
            throw EventVerificationError.notFound(
                expectation: Self.describe(name, params), expected: count, found: answer.count, nearestMisses: answer.nearestMisses)
        }
        return answer.events
    }

    private func checkNone(_ name: String, _ params: [String: JSONValue], within: Duration) async throws {
        let answer = try await wait(name, params, count: 1, timeout: within)
        if answer.count > 0 { throw EventVerificationError.unexpected(expectation: Self.describe(name, params), expected: 0, found: answer.events) }
    }

    /// Runs a check; a failure it throws names the check's call (`EventVerificationError.location`).
    private func located<T>(
        _ filePath: StaticString, _ line: Int, _ column: Int, _ check: () async throws -> T
    ) async throws -> T {
        do {
            return try await check()
        } catch let error as EventVerificationError {
            throw error.at(SourceLocation(file: "\(filePath)", line: line, column: column))
        }
    }

    // MARK: Wire

    struct WaitAnswer: Decodable {
        var matched: Bool
        var count: Int
        var events: [Event]
        var nearestMisses: [ClosestEvent]
    }

    private func wait(_ name: String, _ params: [String: JSONValue], count: Int, timeout: Duration) async throws -> WaitAnswer {
        // What this process's trackers still queue is sent now, not after their batching delay.
        await Tracker.flushAll()
        var body: [String: JSONValue] = [
            "name": .string(name), "params": .object(params), "count": .number(Double(count)),
            "timeout": .number(timeout.inSeconds),
        ]
        if let session { body["session"] = .string(session) }
        if let test = test ?? TelltaleTestContext.currentTest { body["test"] = .string(test.rawValue) }
        let url = controlURL.appendingPathComponent("wait")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(JSONValue.object(body).serialized())
        request.timeoutInterval = timeout.inSeconds + 30
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw EventVerificationError.server(url: url.absoluteString, reason: error.localizedDescription)
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw EventVerificationError.server(
                url: url.absoluteString,
                reason: "HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0): \(String(decoding: data.prefix(500), as: UTF8.self))")
        }
        // Telltale's own engine: dates with milliseconds, as the server writes them (or without).
        do {
            return try JSONValueDecoder().decode(WaitAnswer.self, from: data)
        } catch {
            throw EventVerificationError.server(url: url.absoluteString, reason: "unexpected answer: \(error)")
        }
    }

    static func describe(_ name: String, _ params: [String: JSONValue]) -> String {
        params.isEmpty ? name : "\(name) \(EventVerificationError.compact(params))"
    }
}
