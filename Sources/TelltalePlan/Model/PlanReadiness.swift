/// How a run knows a service is ready: exactly one probe, and a time limit.
public struct PlanReadiness: Sendable, Equatable {
    public enum Probe: Sendable, Equatable {
        /// `GET path` answers `status`.
        case http(path: String, status: Int)
        /// The port accepts a TCP connection.
        case tcp
        /// A line of the service's output matches this regex.
        case log(String)
    }

    public static let defaultTimeout = Duration.seconds(30)
    public static let defaultStatus = 200

    public var probe: Probe
    public var timeout: Duration

    public init(probe: Probe = .tcp, timeout: Duration = PlanReadiness.defaultTimeout) {
        self.probe = probe
        self.timeout = timeout
    }
}
