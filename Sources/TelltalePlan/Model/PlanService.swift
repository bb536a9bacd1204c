/// A process the plan starts for its tests, usually the backend in test mode.
public struct PlanService: Sendable, Equatable {
    public enum Port: Sendable, Equatable {
        /// A free loopback port, picked at start and passed as `$PORT` and `{port}`.
        case auto
        case number(Int)
    }

    public enum Scope: String, Sendable, Equatable, CaseIterable {
        /// One instance per parallel worker, each with its own port and data.
        case worker
        /// One instance for the whole run.
        case run
    }

    public enum CrashPolicy: String, Sendable, Equatable, CaseIterable {
        /// Restart it (with readiness) for the remaining tests; the test in flight fails.
        case restart
        /// Stop the run.
        case stop
    }

    public var name: String
    /// Run once before the first instance starts; nil for none.
    public var build: [String]?
    /// The executable and its arguments, never a shell line.
    public var command: [String]
    /// Extra variables; values may use `{port}`, `{run_dir}`, `{worker}` and `{service.NAME.url}`.
    public var env: [String: String]
    public var port: Port
    /// Working directory, relative to Telltale's.
    public var cwd: String?
    /// Services that must be ready before this one starts.
    public var dependsOn: [String]
    public var ready: PlanReadiness
    public var scope: Scope
    /// The test-mode protocol's paths; nil when the service has none.
    public var testMode: PlanTestMode?
    /// The service's database (path or URL): its name must end in `_test` before anything resets it.
    public var database: String?
    /// Waives the `_test` database name guard.
    public var allowNonTestDatabase: Bool
    public var onCrash: CrashPolicy

    public init(
        name: String,
        build: [String]? = nil,
        command: [String],
        env: [String: String] = [:],
        port: Port = .auto,
        cwd: String? = nil,
        dependsOn: [String] = [],
        ready: PlanReadiness = PlanReadiness(),
        scope: Scope = .run,
        testMode: PlanTestMode? = nil,
        database: String? = nil,
        allowNonTestDatabase: Bool = false,
        onCrash: CrashPolicy = .stop
    ) {
        self.name = name
        self.build = build
        self.command = command
        self.env = env
        self.port = port
        self.cwd = cwd
        self.dependsOn = dependsOn
        self.ready = ready
        self.scope = scope
        self.testMode = testMode
        self.database = database
        self.allowNonTestDatabase = allowNonTestDatabase
        self.onCrash = onCrash
    }
}
