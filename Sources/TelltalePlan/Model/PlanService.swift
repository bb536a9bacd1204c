/// A process the plan starts for its tests, usually the backend in test mode.
package struct PlanService: Sendable, Equatable {
    package enum Port: Sendable, Equatable {
        /// A free loopback port, picked at start and passed as `$PORT` and `{port}`.
        case auto
        /// A fixed port: instances of a `scope: worker` service would clash on it.
        case number(Int)
    }

    package enum Scope: String, Sendable, Equatable, CaseIterable {
        /// One instance per parallel worker, each with its own port and data.
        case worker
        /// One instance for the whole run.
        case run
    }

    package enum CrashPolicy: String, Sendable, Equatable, CaseIterable {
        /// Restart it (with readiness) for the remaining tests; the test in flight fails.
        case restart
        /// Stop the run.
        case stop
    }

    /// The key under `services:`; tests reach the service through `TELLTALE_SERVICE_<NAME>_URL`,
    /// other services' `env` and `command` through `{service.NAME.url}`.
    package var name: String
    /// Run once before the first instance starts; nil for none.
    package var build: [String]?
    /// The executable and its arguments, never a shell line.
    package var command: [String]
    /// Extra variables; values may use `{port}`, `{run_dir}`, `{worker}` and `{service.NAME.url}`.
    package var env: [String: String]
    package var port: Port
    /// Working directory, relative to the plan file's folder as written; nil: that folder.
    package var cwd: String?
    /// Services that must be ready before this one starts.
    package var dependsOn: [String]
    /// When the service counts as started; `{ tcp: true, timeout: 30s }` by default.
    package var ready: PlanReadiness
    /// `run` by default; a `run` service with a test mode means one worker.
    package var scope: Scope
    /// The test-mode protocol's paths; nil when the service has none.
    package var testMode: PlanTestMode?
    /// The service's database (path or URL): its name must end in `_test` before anything resets it.
    package var database: String?
    /// Waives the `_test` database name guard.
    package var allowNonTestDatabase: Bool
    package var onCrash: CrashPolicy

    package init(
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
