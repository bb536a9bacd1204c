import TelltalePlan
import TelltaleServices

extension ServiceSpec {
    /// The supervisor's view of a plan's service: the same fields under the supervisor's names.
    /// Kept apart from `PlanService` so TelltaleServices knows nothing of plans: the supervisor
    /// is driven by this spec alone, and a plan key that adds nothing to supervision stays out.
    init(_ service: PlanService) {
        // `ready:` as the check the supervisor runs until the service answers, or `timeout` passes.
        let probe: ReadinessCheck.Probe =
            switch service.ready.probe {
            case .http(let path, let status): .http(path: path, status: status)
            case .tcp: .tcp
            case .log(let pattern): .log(pattern: pattern)
            }
        // `port: auto` asks the supervisor for a free port, given to the service as `PORT`.
        let port: ServicePort =
            switch service.port {
            case .auto: .auto
            case .number(let number): .fixed(number)
            }
        self.init(
            name: service.name,
            build: service.build,
            command: service.command,
            environment: service.env,
            port: port,
            workingDirectory: service.cwd,
            dependsOn: service.dependsOn,
            readiness: ReadinessCheck(probe: probe, timeout: service.ready.timeout),
            scope: service.scope == .worker ? .worker : .run,
            testMode: service.testMode.map { TestModePaths(reset: $0.reset, setup: $0.setup, teardown: $0.teardown) },
            database: service.database,
            allowNonTestDatabase: service.allowNonTestDatabase,
            onCrash: service.onCrash == .restart ? .restart : .stop
        )
    }
}
