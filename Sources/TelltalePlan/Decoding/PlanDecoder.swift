import Yams

/// Turns a composed YAML tree into a `Plan`, collecting every problem on the
/// way instead of stopping at the first: fixing a plan should take one round.
struct PlanDecoder {
    static let planKeys = [
        "version", "name", "package", "xctestplan", "filter", "skip", "tags", "skipTags",
        "environment", "arguments", "retries", "workers", "timeout", "suites", "services", "reports",
        "capture", "expectations", "lifecycle", "history", "quarantine", "strict", "coverage", "stress",
        "changed", "xcode", "shuffle",
    ]
    /// Sections of later plan versions. Reported rather than ignored, because
    /// a run that silently drops a service or an expectation looks green.
    static let laterVersionKeys: [String] = []

    let file: String
    private(set) var problems: [PlanProblem] = []
    /// Where values the loader checks afterwards (`package`, `xctestplan`) were written.
    private(set) var positions: [String: TextPosition] = [:]
    /// An explicit `retries` beats the one an `.xctestplan` implies.
    private(set) var retriesGiven = false
    /// False when the file held no plan at all (empty, or not a mapping).
    private(set) var foundPlan = false

    init(file: String) {
        self.file = file
    }

    mutating func decode(_ root: Node?) -> Plan {
        var plan = Plan(name: Plan.nameFromFile(file), sourcePath: file)
        guard let root, !root.isNull else {
            report("the plan file is empty", at: .start, path: "", hint: "start it with `version: 1`")
            return plan
        }
        guard case .mapping(let mapping) = root else {
            report(
                "a plan must be a mapping of keys, found \(root.summary)", at: .start, path: "",
                hint: "start it with `version: 1` and give every setting as `key: value`"
            )
            return plan
        }
        foundPlan = true
        let entries = knownEntries(
            of: mapping, path: "", allowed: Self.planKeys, laterVersion: Self.laterVersionKeys
        )
        if entries["version"] == nil {
            report(
                "missing required key `version`", at: TextPosition(root), path: "version",
                hint: "add `version: 1` at the top of the plan"
            )
        }
        for (key, value) in entries.ordered {
            decodeTopLevel(key, value, into: &plan)
        }
        return plan
    }

    private mutating func decodeTopLevel(_ key: String, _ value: Node, into plan: inout Plan) {
        switch key {
        case "version": version(value)
        case "name": plan.name = nonEmptyString(value, path: key) ?? plan.name
        case "package":
            positions[key] = TextPosition(value)
            plan.package = nonEmptyString(value, path: key) ?? plan.package
        case "xctestplan":
            positions[key] = TextPosition(value)
            plan.xctestplan = nonEmptyString(value, path: key)
        case "filter": plan.filter = patterns(value, path: key)
        case "skip": plan.skip = patterns(value, path: key)
        case "tags": plan.tags = tagNames(value, path: key)
        case "skipTags": plan.skipTags = tagNames(value, path: key)
        case "environment": plan.environment = stringMap(value, path: key)
        case "arguments": plan.arguments = strings(value, path: key).map(\.value)
        case "retries":
            retriesGiven = !value.isNull
            plan.retries = count(value, path: key, minimum: 0) ?? plan.retries
        case "workers": plan.workers = count(value, path: key, minimum: 1)
        case "timeout": plan.timeout = timeouts(value, path: key)
        case "suites": plan.suites = suites(value, path: key)
        case "services": plan.services = services(value, path: key)
        case "reports": plan.reports = reports(value, path: key)
        case "capture": plan.capture = capture(value, path: key)
        case "expectations": plan.expectations = expectations(value, path: key)
        case "lifecycle": plan.lifecycle = choice(value, path: key, of: PlanLifecycle.self)
        case "history": plan.history = history(value, path: key)
        case "quarantine": plan.quarantine = quarantine(value, path: key)
        case "strict": plan.strict = bool(value, path: key) ?? false
        case "coverage": plan.coverage = coverage(value, path: key)
        case "changed": plan.changed = changed(value, path: key)
        case "stress": plan.stress = stress(value, path: key)
        case "shuffle": plan.shuffle = shuffle(value, path: key)
        case "xcode":
            positions[key] = TextPosition(value)
            plan.xcode = xcode(value, path: key)
        default: assertionFailure("planKeys and decodeTopLevel disagree about `\(key)`")
        }
    }

    private mutating func version(_ node: Node) {
        guard !node.isNull else {
            report("`version` has no value", at: TextPosition(node), path: "version", hint: "write `version: 1`")
            return
        }
        guard let version = count(node, path: "version", minimum: nil), version != Plan.supportedVersion else {
            return
        }
        report(
            "plan version \(version) is not supported; this Telltale reads version \(Plan.supportedVersion)",
            at: TextPosition(node), path: "version",
            hint: "write `version: 1`, or use the Telltale release that introduced version \(version)"
        )
    }

    private mutating func reports(_ node: Node, path: String) -> PlanReports {
        var reports = PlanReports()
        guard let mapping = mapping(node, path: path, example: "`reports: { dir: Reports }`") else { return reports }
        let entries = knownEntries(of: mapping, path: path, allowed: ["dir"])
        if let dir = entries["dir"] {
            reports.dir = nonEmptyString(dir, path: path.appendingKey("dir")) ?? reports.dir
        }
        return reports
    }

    /// Every problem gets a hint: the message says what is wrong, the hint what to write instead.
    mutating func report(_ message: String, at position: TextPosition, path: String, hint: String) {
        problems.append(
            PlanProblem(
                file: file, line: position.line, column: position.column,
                keyPath: path, message: message, hint: hint
            ))
    }

    mutating func report(_ message: String, at node: Node, path: String, hint: String) {
        report(message, at: TextPosition(node), path: path, hint: hint)
    }
}

extension String {
    func appendingKey(_ key: String) -> String {
        isEmpty ? key : "\(self).\(key)"
    }

    func appendingIndex(_ index: Int) -> String {
        "\(self)[\(index)]"
    }
}
