import Yams

extension PlanDecoder {
    /// The keys a suite may have; `name` is required.
    static let suiteKeys = [
        "name", "filter", "skip", "tags", "skipTags", "retries", "timeout", "serial", "environment", "arguments", "variants",
    ]
    /// `timeout:` of the plan and of a suite: `test` limits each test, `run` all of them.
    static let timeoutKeys = ["test", "run"]

    /// `suites:`, a list of mappings. An item that is not a mapping is left out; a suite with a
    /// missing or duplicate name is reported, and kept.
    mutating func suites(_ node: Node, path: String) -> [PlanSuite] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node else {
            report(
                "expected a list of suites, found \(node.summary)", at: node, path: path,
                hint: "start each suite with `- name: ...`"
            )
            return []
        }
        var suites: [PlanSuite] = []
        // The line each name was first used on, for the duplicate's message.
        var firstLine: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.appendingIndex(index)
            guard let (suite, nameNode) = suite(item, path: itemPath) else { continue }
            if let nameNode {
                if let line = firstLine[suite.name] {
                    report(
                        "duplicate suite name '\(suite.name)' (first used on line \(line))",
                        at: nameNode, path: itemPath.appendingKey("name"),
                        hint: "give every suite its own name: reports and retries are keyed by it"
                    )
                } else {
                    firstLine[suite.name] = TextPosition(nameNode).line
                }
            }
            suites.append(suite)
        }
        return suites
    }

    /// The suite, and the node of its name for duplicate checks (nil when the name was bad).
    private mutating func suite(_ node: Node, path: String) -> (PlanSuite, Node?)? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a suite (a mapping with at least `name`), found \(node.summary)", at: node, path: path,
                hint: "write a suite as `- name: checkout` with its settings indented below"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.suiteKeys)
        var suite = PlanSuite(name: "")
        var validName: Node?
        if let nameNode = entries["name"], !nameNode.isNull {
            if let name = nonEmptyString(nameNode, path: path.appendingKey("name")) {
                suite.name = name
                validName = nameNode
            }
        } else {
            report(
                "suite has no `name`", at: entries["name"] ?? node, path: path.appendingKey("name"),
                hint: "every suite needs a unique `name`"
            )
        }
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "filter": suite.filter = patterns(value, path: keyPath)
            case "skip": suite.skip = patterns(value, path: keyPath)
            case "tags": suite.tags = tagNames(value, path: keyPath)
            case "skipTags": suite.skipTags = tagNames(value, path: keyPath)
            case "retries": suite.retries = count(value, path: keyPath, minimum: 0)
            case "timeout": suite.timeout = timeouts(value, path: keyPath)
            case "serial": suite.serial = bool(value, path: keyPath) ?? false
            case "environment": suite.environment = stringMap(value, path: keyPath)
            case "arguments": suite.arguments = strings(value, path: keyPath).map(\.value)
            case "variants": suite.variants = variants(value, path: keyPath)
            default: break  // `name`, read above
            }
        }
        return (suite, validName)
    }

    /// `{ test: 60s, run: 10m }`; a key left out, or null, is no limit of that kind.
    mutating func timeouts(_ node: Node, path: String) -> PlanTimeouts {
        var timeouts = PlanTimeouts()
        guard case .mapping(let mapping) = node else {
            if !node.isNull {
                report(
                    "expected a mapping like `{ test: 60s, run: 10m }`, found \(node.summary)", at: node, path: path,
                    hint: "`test` limits each test, `run` the time all of them may take"
                )
            }
            return timeouts
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.timeoutKeys)
        if let test = entries["test"] { timeouts.test = duration(test, path: path.appendingKey("test")) }
        if let run = entries["run"] { timeouts.run = duration(run, path: path.appendingKey("run")) }
        return timeouts
    }
}
