import AsyncHTTPClient
import Foundation
import NIOCore
import TelltaleModel

/// Drives a service's test-mode protocol: `POST reset`, `POST setup?test=ID`,
/// `POST teardown?test=ID`. A non-2xx answer is an error whose message is the
/// answer's body, so a failed teardown check reads as the backend wrote it.
package struct TestModeClient: Sendable {
    /// The instance's name, as messages say it.
    package var service: String
    package var baseURL: URL
    package var paths: TestModePaths
    /// The longest one call may take.
    package var timeout: Duration

    package static let defaultTimeout = Duration.seconds(30)

    package init(service: String, baseURL: URL, paths: TestModePaths = TestModePaths(), timeout: Duration = TestModeClient.defaultTimeout) {
        self.service = service
        self.baseURL = baseURL
        self.paths = paths
        self.timeout = timeout
    }

    /// The client for a supervised instance, after its guards pass (loopback, `_test` database).
    package init(for supervisor: ServiceSupervisor, timeout: Duration = TestModeClient.defaultTimeout) throws(ServiceError) {
        guard let url = supervisor.url else {
            throw .invalidSpec(service: supervisor.instanceName, reason: "the test-mode protocol needs a `port`")
        }
        guard let paths = supervisor.spec.testMode else {
            throw .invalidSpec(service: supervisor.instanceName, reason: "the service has no `testMode`")
        }
        try ServiceGuards.check(supervisor)
        self.init(service: supervisor.instanceName, baseURL: url, paths: paths, timeout: timeout)
    }

    /// `POST reset`: the service drops its data before a test.
    package func reset() async throws(ServiceError) {
        try await post(paths.reset, test: nil)
    }

    /// `POST setup?test=ID`: the service prepares for the test `test` (its id).
    package func setup(test: String) async throws(ServiceError) {
        try await post(paths.setup, test: test)
    }

    /// `POST teardown?test=ID`: the service checks and cleans up after the test.
    package func teardown(test: String) async throws(ServiceError) {
        try await post(paths.teardown, test: test)
    }

    /// The longest body kept as a message; backends sometimes answer with a whole page.
    static let bodyLimit = 64 * 1024

    private func post(_ path: String, test: String?) async throws(ServiceError) {
        let target = Self.target(path, test: test)
        // The base URL without a trailing `/`: the path brings its own.
        let url = baseURL.absoluteString.trimmingSuffix("/") + target
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        let status: Int
        let body: String
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .nanoseconds(timeout.inNanoseconds))
            status = Int(response.status.code)
            body = String(buffer: try await response.body.collect(upTo: Self.bodyLimit))
        } catch {
            let reason =
                (error as? HTTPClientError) == .deadlineExceeded
                ? "no answer within \(timeout.secondsText)" : "\(error)"
            throw .testModeUnreachable(service: service, call: "POST", url: url, reason: reason)
        }
        guard (200..<300).contains(status) else {
            throw .testModeRejected(
                service: service, call: "POST", url: url, status: status,
                body: body.trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
    }

    /// `/tests/setup?test=Module.Class%2FtestName`: the id percent-encoded as a query value.
    static func target(_ path: String, test: String?) -> String {
        let path = path.hasPrefix("/") ? path : "/" + path
        guard let test else { return path }
        var allowed = CharacterSet.urlQueryAllowed
        // Stricter than `urlQueryAllowed`: `&`, `=`, `+`, `/`, `?` and `#` are escaped, so any server
        // reads the id as one value.
        allowed.remove(charactersIn: "&=+/?#")
        let encoded = test.addingPercentEncoding(withAllowedCharacters: allowed) ?? test
        return path + (path.contains("?") ? "&" : "?") + "test=" + encoded
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
