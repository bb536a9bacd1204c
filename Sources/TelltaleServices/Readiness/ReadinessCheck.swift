/// How Telltale knows a service is ready, and how long it waits.
package struct ReadinessCheck: Sendable, Equatable {
    package enum Probe: Sendable, Equatable {
        /// `GET path` answers `status`.
        case http(path: String, status: Int)
        /// A TCP connection to the port is accepted.
        case tcp
        /// A line of the service's output matches this regular expression.
        case log(pattern: String)
    }

    package static let defaultTimeout = Duration.seconds(30)

    package var probe: Probe
    /// Counted from the moment the process runs (its pid known), not from the request to start it.
    package var timeout: Duration

    package init(probe: Probe, timeout: Duration = ReadinessCheck.defaultTimeout) {
        self.probe = probe
        self.timeout = timeout
    }

    /// For messages: "GET /health answering 200".
    package var summary: String {
        switch probe {
        case .http(let path, let status): "GET \(path) answering \(status)"
        case .tcp: "a TCP connection to its port"
        case .log(let pattern): "an output line matching /\(pattern)/"
        }
    }
}
