import Yams

extension PlanDecoder {
    /// The keys a service may have; `command` is required.
    static let serviceKeys = [
        "build", "command", "env", "port", "cwd", "dependsOn", "ready", "scope", "testMode",
        "database", "allowNonTestDatabase", "onCrash",
    ]
    /// `ready:`: exactly one probe (`http`, `tcp` or `log`), `status` beside
    /// `http` only, and `timeout`.
    static let readyKeys = ["http", "status", "tcp", "log", "timeout"]
    /// The test-mode routes a `testMode:` mapping may give other paths.
    static let testModeKeys = ["reset", "setup", "teardown"]

    /// The `services` mapping, in file order; `dependsOn` is checked once every name is known.
    mutating func services(_ node: Node, path: String) -> [PlanService] {
        guard let mapping = mapping(node, path: path, example: "`services: { backend: { command: [./backend] } }`") else {
            return []
        }
        var services: [PlanService] = []
        // Each service's `dependsOn` items with their nodes, so an unknown name is
        // reported where it is written.
        var dependencyNodes: [String: [(value: String, node: Node, path: String)]] = [:]
        for (keyNode, value) in mapping {
            guard let name = keyNode.plainString, !name.trimmingWhitespace().isEmpty else {
                report(
                    "a service needs a name, found \(keyNode.summary)", at: keyNode, path: path,
                    hint: "write each service as `name: { command: [...] }`"
                )
                continue
            }
            let servicePath = path.appendingKey(name)
            guard let (service, dependencies) = service(named: name, value, path: servicePath) else { continue }
            services.append(service)
            dependencyNodes[name] = dependencies
        }
        checkDependencies(services, dependencyNodes, path: path)
        return services
    }

    /// One service, and its `dependsOn` items for `checkDependencies`; nil when it is not a mapping.
    private mutating func service(
        named name: String, _ node: Node, path: String
    ) -> (PlanService, [(value: String, node: Node, path: String)])? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a service (a mapping with at least `command`), found \(node.summary)", at: node, path: path,
                hint: "write it as `\(name): { command: [./my-server, --test] }`"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.serviceKeys)
        var service = PlanService(name: name, command: [])
        var dependencies: [(value: String, node: Node, path: String)] = []
        // At `command:` when it is written empty, else at the service.
        if entries["command"] == nil || entries["command"]?.isNull == true {
            report(
                "service `\(name)` has no `command`", at: entries["command"] ?? node, path: path.appendingKey("command"),
                hint: "give the executable and its arguments as a list, e.g. `command: [./backend, --test]`"
            )
        }
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "build": service.build = argumentList(value, path: keyPath)
            case "command": service.command = argumentList(value, path: keyPath) ?? []
            case "env": service.env = stringMap(value, path: keyPath)
            case "port": service.port = port(value, path: keyPath) ?? service.port
            case "cwd": service.cwd = nonEmptyString(value, path: keyPath)
            case "dependsOn":
                dependencies = strings(value, path: keyPath)
                service.dependsOn = dependencies.map(\.value)
            case "ready": service.ready = readiness(value, path: keyPath)
            case "scope": service.scope = choice(value, path: keyPath, of: PlanService.Scope.self) ?? service.scope
            case "testMode": service.testMode = testMode(value, path: keyPath)
            case "database": service.database = nonEmptyString(value, path: keyPath)
            case "allowNonTestDatabase": service.allowNonTestDatabase = bool(value, path: keyPath) ?? false
            case "onCrash": service.onCrash = choice(value, path: keyPath, of: PlanService.CrashPolicy.self) ?? service.onCrash
            // `knownEntries` let through only `serviceKeys`, so every key has a case above.
            default: assertionFailure("serviceKeys and service(named:) disagree about `\(key)`")
            }
        }
        return (service, dependencies)
    }

    /// A command as an argument list. A lone string is a list of one, unless it
    /// holds spaces: that is a shell line, which Telltale never splits or runs through a shell.
    private mutating func argumentList(_ node: Node, path: String) -> [String]? {
        if node.isNull { return nil }
        if let text = node.plainString, text.contains(" ") {
            // The hint spells the line as the list it was probably meant to be:
            // `'./backend --test'` as `[./backend, --test]`.
            let words = text.split(separator: " ").map { YAMLScalar.string(String($0)) }.joined(separator: ", ")
            report(
                "expected a list of arguments, found the command line '\(text)'", at: node, path: path,
                hint: "Telltale runs no shell; write `[\(words)]`"
            )
            return nil
        }
        let items = strings(node, path: path)
        guard !items.isEmpty else {
            report("must not be empty", at: node, path: path, hint: "give the executable first, then its arguments")
            return nil
        }
        // Only an empty executable is a problem: an empty argument (`""`) can be meant.
        if let empty = items.first(where: { $0.value.isEmpty }), empty.path == items.first?.path {
            report("the executable must not be empty", at: empty.node, path: empty.path, hint: "name a program or a path to one")
            return nil
        }
        return items.map(\.value)
    }

    /// `auto`, a free port for each instance, or a fixed port from 1 to 65535.
    private mutating func port(_ node: Node, path: String) -> PlanService.Port? {
        if node.isNull { return nil }
        if node.plainString == "auto" { return .auto }
        guard let text = node.plainString, let number = Int(text), (1...65535).contains(number) else {
            report(
                "expected `auto` or a port number from 1 to 65535, found \(node.summary)", at: node, path: path,
                hint: "`auto` picks a free port per instance and passes it as $PORT; fixed ports clash between workers"
            )
            return nil
        }
        return .number(number)
    }

    /// One of an enum's raw values (`scope: worker`); the problem lists them all.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: Node, path: String, of type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        if node.isNull { return nil }
        let allowed = Choice.allCases.map(\.rawValue)
        guard let text = node.plainString, let value = Choice(rawValue: text) else {
            report(
                "expected one of \(allowed.map { "`\($0)`" }.joined(separator: ", ")), found \(node.summary)",
                at: node, path: path, hint: "write " + allowed.map { "`\($0)`" }.joined(separator: " or ")
            )
            return nil
        }
        return value
    }

    /// `ready:`. A missing or second probe is reported, and the first one written is used; without
    /// a probe it stays `PlanReadiness`'s default, `{ tcp: true, timeout: 30s }`.
    private mutating func readiness(_ node: Node, path: String) -> PlanReadiness {
        var readiness = PlanReadiness()
        guard let mapping = mapping(node, path: path, example: "`ready: { http: /health, timeout: 30s }`") else {
            return readiness
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.readyKeys)
        // In file order: the first probe written is the one used, and a second is reported at its key.
        let probes = entries.ordered.filter { ["http", "tcp", "log"].contains($0.key) }
        if probes.isEmpty {
            report(
                "`ready` needs one of `http`, `tcp` or `log`", at: node, path: path,
                hint: "e.g. `ready: { http: /health }`, `ready: { tcp: true }` or `ready: { log: 'listening on' }`"
            )
        } else if probes.count > 1 {
            let second = probes[1]
            report(
                "`ready` takes exactly one of `http`, `tcp` or `log`, found `\(probes[0].key)` and `\(second.key)`",
                at: mapping.first { $0.key.plainString == second.key }?.key ?? node, path: path.appendingKey(second.key),
                hint: "keep the check that best shows the service can serve tests"
            )
        }
        // `status` is read before the probe, which is made with it; it is allowed beside `http` only.
        var status = PlanReadiness.defaultStatus
        if let statusNode = entries["status"] {
            // From 100 to 599: the range of HTTP status codes.
            if let value = count(statusNode, path: path.appendingKey("status"), minimum: 100) {
                if value <= 599 {
                    status = value
                } else {
                    report(
                        "an HTTP status is below 600, found \(value)", at: statusNode, path: path.appendingKey("status"),
                        hint: "write the status `GET http` should answer, e.g. `200`")
                }
            }
            if entries["http"] == nil {
                report(
                    "`status` only goes with `http`", at: statusNode, path: path.appendingKey("status"),
                    hint: "add `http: /health`, or remove `status`")
            }
        }
        if let first = probes.first {
            let probePath = path.appendingKey(first.key)
            switch first.key {
            // Only a path: the host and port are the service's own, known once it starts.
            case "http":
                if let route = nonEmptyString(first.value, path: probePath) {
                    if route.hasPrefix("/") {
                        readiness.probe = .http(path: route, status: status)
                    } else {
                        report(
                            "expected a path starting with `/`, found '\(route)'", at: first.value, path: probePath,
                            hint: "Telltale knows the host and port; write only the path, e.g. `/health`")
                    }
                }
            case "tcp":
                // `tcp: false` is reported, but the probe is still TCP: a service needs one.
                if bool(first.value, path: probePath) == false {
                    report(
                        "`tcp: false` checks nothing", at: first.value, path: probePath,
                        hint: "write `tcp: true`, or use `http` or `log`")
                }
                readiness.probe = .tcp
            default:
                // `log:`, a regex over the service's output lines, compiled now so a bad one is
                // found before anything starts.
                if let pattern = nonEmptyString(first.value, path: probePath) {
                    do {
                        _ = try Regex(pattern)
                        readiness.probe = .log(pattern)
                    } catch {
                        report(
                            "'\(pattern)' is not a valid regular expression (\(error))", at: first.value, path: probePath,
                            hint: "escape characters meant literally with a backslash, e.g. `\\(` or `\\.`")
                    }
                }
            }
        }
        if let timeout = entries["timeout"] {
            readiness.timeout = duration(timeout, path: path.appendingKey("timeout")) ?? readiness.timeout
        }
        return readiness
    }

    /// `true` for the default paths, `false` or nothing for none, or a mapping of paths.
    /// A route a mapping leaves out keeps its default path.
    private mutating func testMode(_ node: Node, path: String) -> PlanTestMode? {
        if node.isNull { return nil }
        // `testMode: true` means the default routes; `false`, none, as if the key were left out.
        if let flag = node.bool { return flag ? PlanTestMode() : nil }
        guard case .mapping(let mapping) = node else {
            report(
                "expected `true` or a mapping of paths, found \(node.summary)", at: node, path: path,
                hint: "write `testMode: true` for /tests/reset, /tests/setup and /tests/teardown"
            )
            return nil
        }
        var paths = PlanTestMode()
        let entries = knownEntries(of: mapping, path: path, allowed: Self.testModeKeys)
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            guard let route = nonEmptyString(value, path: keyPath) else { continue }
            guard route.hasPrefix("/") else {
                report(
                    "expected a path starting with `/`, found '\(route)'", at: value, path: keyPath,
                    hint: "write only the path, e.g. `/tests/\(key)`")
                continue
            }
            switch key {
            case "reset": paths.reset = route
            case "setup": paths.setup = route
            default: paths.teardown = route
            }
        }
        return paths
    }

    /// Unknown names at the name itself; a cycle once, at the `dependsOn` of its first service in file order.
    private mutating func checkDependencies(
        _ services: [PlanService], _ nodes: [String: [(value: String, node: Node, path: String)]], path: String
    ) {
        let names = Set(services.map(\.name))
        for service in services {
            for item in nodes[service.name] ?? [] where !names.contains(item.value) {
                let hint =
                    KeySuggestion.closest(to: item.value, in: Array(names)).map { "did you mean `\($0)`?" }
                    ?? "services here: " + services.map { "`\($0.name)`" }.joined(separator: ", ")
                report("`\(item.value)` is not a service of this plan", at: item.node, path: item.path, hint: hint)
            }
        }
        // Only known names are edges: an unknown one was reported above and cannot close a cycle.
        let edges = Dictionary(uniqueKeysWithValues: services.map { ($0.name, $0.dependsOn.filter(names.contains)) })
        var reported: Set<String> = []
        // Every service of a cycle found is marked, so the cycle is reported once, from its
        // first service in file order.
        for service in services where !reported.contains(service.name) {
            guard let cycle = Self.cycle(from: service.name, edges: edges) else { continue }
            reported.formUnion(cycle)
            let node = nodes[service.name]?.first?.node
            report(
                "`dependsOn` forms a cycle: \(cycle.joined(separator: " → ")) → \(cycle[0])",
                at: node.map(TextPosition.init) ?? .start, path: path.appendingKey(service.name).appendingKey("dependsOn"),
                hint: "services start after what they depend on, so one of these must not depend on the others"
            )
        }
    }

    /// A cycle through `start`, as the services along it, or nil.
    static func cycle(from start: String, edges: [String: [String]]) -> [String]? {
        // Depth first from `start`: a name is explored once, and an edge back to `start` closes the
        // cycle (checked before `visited`, since `start` is the first name visited).
        var trail: [String] = []
        var visited: Set<String> = []
        func visit(_ name: String) -> [String]? {
            if name == start, !trail.isEmpty { return trail }
            guard !visited.contains(name) else { return nil }
            visited.insert(name)
            trail.append(name)
            for next in edges[name] ?? [] {
                if let found = visit(next) { return found }
            }
            trail.removeLast()
            return nil
        }
        return visit(start)
    }
}
