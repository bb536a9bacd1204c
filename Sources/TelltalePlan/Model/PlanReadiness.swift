/// How a run knows a service is ready: exactly one probe, and a time limit.
package struct PlanReadiness: Sendable, Equatable {
    package enum Probe: Sendable, Equatable {
        /// `GET path` answers `status`.
        case http(path: String, status: Int)
        /// The port accepts a TCP connection.
        case tcp
        /// A line of the service's output matches this regex.
        case log(String)
    }

    package static let defaultTimeout = Duration.seconds(30)
    /// What an `http` probe expects unless `status` says otherwise.
    package static let defaultStatus = 200

    package var probe: Probe
    /// How long the probe may keep failing before the service counts as not started.
    package var timeout: Duration

    package init(probe: Probe = .tcp, timeout: Duration = PlanReadiness.defaultTimeout) {
        self.probe = probe
        self.timeout = timeout
    }
}
