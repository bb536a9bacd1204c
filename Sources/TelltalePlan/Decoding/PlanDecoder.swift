import TelltaleJSONSchema
import TelltaleModel
import Yams

/// Turns a composed YAML tree into a `Plan`, collecting every problem on the
/// way instead of stopping at the first: fixing a plan should take one round.
struct PlanDecoder {
    /// The keys a plan may have at its top, in the order hints list them.
    static let planKeys = topLevel.map(\.name)
    /// Sections of later plan versions. Reported rather than ignored, because
    /// a run that silently drops a service or an expectation looks green.
    static let laterVersionKeys: [String] = []

    let file: String
    private(set) var problems: [LocatedProblem] = []
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
            Self.topLevelByName[key]?.decode(&self, value, key, &plan)
        }
        return plan
    }

    /// A top-level key and how its value is read into the plan (the key is the value's path).
    struct TopLevelKey: Sendable {
        let name: String
        let decode: @Sendable (_ decoder: inout PlanDecoder, _ value: Node, _ key: String, _ plan: inout Plan) -> Void

        init(_ name: String, decode: @escaping @Sendable (_ decoder: inout PlanDecoder, _ value: Node, _ key: String, _ plan: inout Plan) -> Void) {
            self.name = name
            self.decode = decode
        }
    }

    /// Every top-level key of a plan and how it is read: the one place a key is registered, so
    /// the keys a plan accepts (`planKeys`) are the keys it reads.
    static let topLevel: [TopLevelKey] = [
        TopLevelKey("version") { decoder, value, _, _ in decoder.version(value) },
        TopLevelKey("name") { decoder, value, key, plan in plan.name = decoder.nonEmptyString(value, path: key) ?? plan.name },
        TopLevelKey("package") { decoder, value, key, plan in
            decoder.positions[key] = TextPosition(value)
            plan.package = decoder.nonEmptyString(value, path: key) ?? plan.package
        },
        TopLevelKey("xctestplan") { decoder, value, key, plan in
            decoder.positions[key] = TextPosition(value)
            plan.xctestplan = decoder.nonEmptyString(value, path: key)
        },
        TopLevelKey("filter") { decoder, value, key, plan in plan.filter = decoder.patterns(value, path: key) },
        TopLevelKey("skip") { decoder, value, key, plan in plan.skip = decoder.patterns(value, path: key) },
        TopLevelKey("tags") { decoder, value, key, plan in plan.tags = decoder.tagNames(value, path: key) },
        TopLevelKey("skipTags") { decoder, value, key, plan in plan.skipTags = decoder.tagNames(value, path: key) },
        TopLevelKey("environment") { decoder, value, key, plan in plan.environment = decoder.stringMap(value, path: key) },
        TopLevelKey("arguments") { decoder, value, key, plan in plan.arguments = decoder.strings(value, path: key).map(\.value) },
        TopLevelKey("retries") { decoder, value, key, plan in
            decoder.retriesGiven = !value.isNull
            plan.retries = decoder.count(value, path: key, minimum: 0) ?? plan.retries
        },
        TopLevelKey("workers") { decoder, value, key, plan in plan.workers = decoder.count(value, path: key, minimum: 1) },
        TopLevelKey("timeout") { decoder, value, key, plan in plan.timeout = decoder.timeouts(value, path: key) },
        TopLevelKey("suites") { decoder, value, key, plan in plan.suites = decoder.suites(value, path: key) },
        TopLevelKey("services") { decoder, value, key, plan in plan.services = decoder.services(value, path: key) },
        TopLevelKey("reports") { decoder, value, key, plan in plan.reports = decoder.reports(value, path: key) },
        TopLevelKey("capture") { decoder, value, key, plan in plan.capture = decoder.capture(value, path: key) },
        TopLevelKey("expectations") { decoder, value, key, plan in plan.expectations = decoder.expectations(value, path: key) },
        TopLevelKey("lifecycle") { decoder, value, key, plan in plan.lifecycle = decoder.choice(value, path: key, of: PlanLifecycle.self) },
        TopLevelKey("history") { decoder, value, key, plan in plan.history = decoder.history(value, path: key) },
        TopLevelKey("postgresTimeout") { decoder, value, key, plan in plan.postgresTimeout = decoder.duration(value, path: key) },
        TopLevelKey("quarantine") { decoder, value, key, plan in plan.quarantine = decoder.quarantine(value, path: key) },
        TopLevelKey("strict") { decoder, value, key, plan in plan.strict = decoder.bool(value, path: key) ?? false },
        TopLevelKey("splitClasses") { decoder, value, key, plan in plan.splitClasses = decoder.bool(value, path: key) ?? false },
        TopLevelKey("coverage") { decoder, value, key, plan in plan.coverage = decoder.coverage(value, path: key) },
        TopLevelKey("stress") { decoder, value, key, plan in plan.stress = decoder.stress(value, path: key) },
        TopLevelKey("changed") { decoder, value, key, plan in plan.changed = decoder.changed(value, path: key) },
        TopLevelKey("xcode") { decoder, value, key, plan in
            decoder.positions[key] = TextPosition(value)
            plan.xcode = decoder.xcode(value, path: key)
        },
        TopLevelKey("shuffle") { decoder, value, key, plan in plan.shuffle = decoder.shuffle(value, path: key) },
        TopLevelKey("failOn") { decoder, value, key, plan in plan.failOn = decoder.choice(value, path: key, of: FailOn.self) ?? .any },
    ]

    private static let topLevelByName = Dictionary(uniqueKeysWithValues: topLevel.map { ($0.name, $0) })

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
            LocatedProblem(
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
