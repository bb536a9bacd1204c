/// The `services` section of a printed plan, every default spelled out.
enum PlanServicePrinter {
    static func lines(_ services: [PlanService]) -> [String] {
        guard !services.isEmpty else { return ["services: {}"] }
        return ["services:"] + services.flatMap(service)
    }

    /// One service under its name, every key written with its default (`build: ~`,
    /// `port: auto`, `testMode: false`).
    private static func service(_ service: PlanService) -> [String] {
        let indent = "    "
        var lines = ["  \(YAMLScalar.string(service.name)):"]
        if let build = service.build {
            lines += PlanPrinter.list("build", build, indent: indent)
        } else {
            lines.append(indent + "build: ~")
        }
        lines += PlanPrinter.list("command", service.command, indent: indent)
        lines += PlanPrinter.environment(service.env, key: "env", indent: indent)
        switch service.port {
        case .auto: lines.append(indent + "port: auto")
        case .number(let number): lines.append(indent + "port: \(number)")
        }
        lines.append(indent + "cwd: \(YAMLScalar.optional(service.cwd))")
        lines += PlanPrinter.list("dependsOn", service.dependsOn, indent: indent)
        lines.append(indent + "ready:")
        // The one probe, then its timeout; `status` goes only with `http`, as the decoder wants it.
        switch service.ready.probe {
        case .http(let path, let status):
            lines += [indent + "  http: \(YAMLScalar.string(path))", indent + "  status: \(status)"]
        case .tcp:
            lines.append(indent + "  tcp: true")
        case .log(let pattern):
            lines.append(indent + "  log: \(YAMLScalar.string(pattern))")
        }
        lines.append(indent + "  timeout: \(service.ready.timeout.planFormat)")
        lines.append(indent + "scope: \(service.scope.rawValue)")
        if let testMode = service.testMode {
            lines += [
                indent + "testMode:",
                indent + "  reset: \(YAMLScalar.string(testMode.reset))",
                indent + "  setup: \(YAMLScalar.string(testMode.setup))",
                indent + "  teardown: \(YAMLScalar.string(testMode.teardown))",
            ]
        } else {
            lines.append(indent + "testMode: false")
        }
        lines.append(indent + "database: \(YAMLScalar.optional(service.database))")
        lines.append(indent + "allowNonTestDatabase: \(service.allowNonTestDatabase)")
        lines.append(indent + "onCrash: \(service.onCrash.rawValue)")
        return lines
    }
}
