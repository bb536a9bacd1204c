import TelltaleJSONSchema
import TelltaleModel
import Yams

/// Turns a composed YAML tree into a `Plan`, collecting every problem on the
/// way instead of stopping at the first: fixing a plan should take one round.
struct PlanDecoder {
    /// The keys a plan may have at its top, in the order hints list them.
    static let planKeys = PlanKey.all.map(\.name)
    /// Sections of later plan versions. Reported rather than ignored, because
    /// a run that silently drops a service or an expectation looks green.
    static let laterVersionKeys: [String] = []

    /// The plan file's path as given: every problem names it, and the default plan name comes from it.
    let file: String
    /// Every problem so far, in the order found; `PlanError` sorts them by position.
    private(set) var problems: [LocatedProblem] = []
    /// Where values the loader checks afterwards (`package`, `xctestplan`) were written.
    var positions: [String: TextPosition] = [:]
    /// An explicit `retries` beats the one an `.xctestplan` implies.
    var retriesGiven = false
    /// False when the file held no plan at all (empty, or not a mapping).
    private(set) var foundPlan = false

    init(file: String) {
        self.file = file
    }

    /// The plan in `root` (nil: an empty file), with the default of every key that is missing or
    /// wrong; what was wrong is in `problems`.
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
        // Unknown keys are reported here, once, at the key; known ones are decoded in file order.
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

    /// `PlanKey.all` by name, to decode each entry with its key's reader.
    private static let topLevelByName = Dictionary(uniqueKeysWithValues: PlanKey.all.map { ($0.name, $0) })

    /// Checks `version:`, which must be `Plan.supportedVersion`. The value is not stored: a plan of
    /// any other version is a problem, not a plan read as version 1.
    mutating func version(_ node: Node) {
        guard !node.isNull else {
            report("`version` has no value", at: TextPosition(node), path: "version", hint: "write `version: 1`")
            return
        }
        // Not a whole number was reported by `count`; version 1 needs nothing more.
        guard let version = count(node, path: "version", minimum: nil), version != Plan.supportedVersion else {
            return
        }
        report(
            "plan version \(version) is not supported; this Telltale reads version \(Plan.supportedVersion)",
            at: TextPosition(node), path: "version",
            hint: "write `version: 1`, or use the Telltale release that introduced version \(version)"
        )
    }

    /// `reports: { dir: Reports }`, the folder relative to the plan's.
    mutating func reports(_ node: Node, path: String) -> PlanReports {
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

    /// At the node's own place in the file.
    mutating func report(_ message: String, at node: Node, path: String, hint: String) {
        report(message, at: TextPosition(node), path: path, hint: hint)
    }
}

extension String {
    /// Key paths as problems name them: `suites[0]` and `name` give `suites[0].name`; from the top
    /// (an empty path), the key alone.
    func appendingKey(_ key: String) -> String {
        isEmpty ? key : "\(self).\(key)"
    }

    /// `suites` and 0 give `suites[0]`.
    func appendingIndex(_ index: Int) -> String {
        "\(self)[\(index)]"
    }
}
