import Foundation

/// One service a run needs, as the supervisor understands it.
///
/// A plain value with no tie to the plan format: the orchestrator maps a plan's
/// `services` entries onto it, and tests build it directly.
package struct ServiceSpec: Sendable, Equatable {
    package var name: String
    /// Run once before the service starts (once per run, not per worker).
    package var build: [String]?
    /// The executable and its arguments; never joined into a shell line.
    package var command: [String]
    /// Variables set on top of Telltale's environment; values may hold placeholders.
    package var environment: [String: String]
    /// `auto` by default: a free loopback port for each instance.
    package var port: ServicePort
    /// The service's working directory, relative to Telltale's; nil for Telltale's own.
    package var workingDirectory: String?
    /// Services that must be ready before this one starts.
    package var dependsOn: [String]
    /// A TCP connection to the port by default, within 30 s.
    package var readiness: ReadinessCheck
    package var scope: ServiceScope
    /// Paths of the test-mode protocol; nil when the service has no test mode.
    package var testMode: TestModePaths?
    /// The database the service uses (a path or URL, may hold placeholders), checked by the `_test` guard.
    package var database: String?
    /// Waives the `_test` database name guard.
    package var allowNonTestDatabase: Bool
    /// `stop` by default: a crash ends the run.
    package var onCrash: CrashPolicy
    /// Time between SIGTERM and SIGKILL when the service is stopped.
    package var gracePeriod: Duration
    /// The host the service listens on; the loopback guard refuses anything else.
    package var host: String

    package init(
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
    package func instanceName(worker: Int?) -> String {
        guard scope == .worker, let worker else { return name }
        return "\(name)-\(worker)"
    }
}
