import Foundation

/// One service a run needs, as the supervisor understands it.
///
/// A plain value with no tie to the plan format: the orchestrator maps a plan's
/// `services` entries onto it, and tests build it directly.
public struct ServiceSpec: Sendable, Equatable {
    public var name: String
    /// Run once before the service starts (once per run, not per worker).
    public var build: [String]?
    /// The executable and its arguments; never joined into a shell line.
    public var command: [String]
    /// Variables set on top of Telltale's environment; values may hold placeholders.
    public var environment: [String: String]
    public var port: ServicePort
    /// The service's working directory, relative to Telltale's; nil for Telltale's own.
    public var workingDirectory: String?
    /// Services that must be ready before this one starts.
    public var dependsOn: [String]
    public var readiness: ReadinessCheck
    public var scope: ServiceScope
    /// Paths of the test-mode protocol; nil when the service has no test mode.
    public var testMode: TestModePaths?
    /// The database the service uses (a path or URL, may hold placeholders), checked by the `_test` guard.
    public var database: String?
    /// Waives the `_test` database name guard.
    public var allowNonTestDatabase: Bool
    public var onCrash: CrashPolicy
    /// Time between SIGTERM and SIGKILL when the service is stopped.
    public var gracePeriod: Duration
    /// The host the service listens on; the loopback guard refuses anything else.
    public var host: String

    public init(
        name: String,
        build: [String]? = nil,
        command: [String],
        environment: [String: String] = [:],
        port: ServicePort = .auto,
        workingDirectory: String? = nil,
        dependsOn: [String] = [],
        readiness: ReadinessCheck = ReadinessCheck(probe: .tcp),
        scope: ServiceScope = .run,
        testMode: TestModePaths? = nil,
        database: String? = nil,
        allowNonTestDatabase: Bool = false,
        onCrash: CrashPolicy = .stop,
        gracePeriod: Duration = .seconds(5),
        host: String = "127.0.0.1"
    ) {
        self.name = name
        self.build = build
        self.command = command
        self.environment = environment
        self.port = port
        self.workingDirectory = workingDirectory
        self.dependsOn = dependsOn
        self.readiness = readiness
        self.scope = scope
        self.testMode = testMode
        self.database = database
        self.allowNonTestDatabase = allowNonTestDatabase
        self.onCrash = onCrash
        self.gracePeriod = gracePeriod
        self.host = host
    }

    /// The log file's base name: `backend`, or `backend-2` for worker 2's instance.
    public func instanceName(worker: Int?) -> String {
        guard scope == .worker, let worker else { return name }
        return "\(name)-\(worker)"
    }
}
