import Yams

extension PlanDecoder {
    /// The keys a variant may have; `name` is required.
    static let variantKeys = ["name", "environment", "arguments"]

    /// `variants:` of a suite: a list of `{ name, environment, arguments }`, names unique.
    mutating func variants(_ node: Node, path: String) -> [PlanVariant] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node else {
            report(
                "expected a list of variants, found \(node.summary)", at: node, path: path,
                hint: "write each as `- name: loggedOut` with its `environment` and `arguments` below"
            )
            return []
        }
        var variants: [PlanVariant] = []
        var firstLine: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.appendingIndex(index)
            guard let mapping = mapping(item, path: itemPath, example: "`- { name: loggedOut, environment: { SESSION: none } }`") else {
                // `mapping(_:)` says nothing of a null item (`- ` alone), so that one is reported here.
                if item.isNull { report("empty variant", at: item, path: itemPath, hint: "give it at least a `name`") }
                continue
            }
            let entries = knownEntries(of: mapping, path: itemPath, allowed: Self.variantKeys)
            var variant = PlanVariant(name: "")
            for (key, value) in entries.ordered {
                let keyPath = itemPath.appendingKey(key)
                switch key {
                case "name": variant.name = variantName(value, path: keyPath, firstLine: &firstLine) ?? ""
                case "environment": variant.environment = stringMap(value, path: keyPath)
                case "arguments": variant.arguments = strings(value, path: keyPath).map(\.value)
                default: break
                }
            }
            // A bad `name:` was reported by `variantName`; only a missing one is reported here.
            if entries["name"] == nil {
                report("variant has no `name`", at: item, path: itemPath.appendingKey("name"), hint: "every variant needs a unique `name`")
            }
            variants.append(variant)
        }
        return variants
    }

    /// A valid name not used before in the suite, or nil (reported). `firstLine` holds the line
    /// each name was first used on.
    private mutating func variantName(_ node: Node, path: String, firstLine: inout [String: Int]) -> String? {
        guard let name = nonEmptyString(node, path: path) else { return nil }
        // The hint shows the name with its letters and digits alone, as a spelling that would do.
        guard PlanVariant.isValidName(name) else {
            report(
                "'\(name)' is not a variant name", at: node, path: path,
                hint: "use letters, digits, `_`, `.` and `-`: it names each result, as `Suite/test [\(name.filter { $0.isLetter || $0.isNumber })]`"
            )
            return nil
        }
        if let line = firstLine[name] {
            report(
                "duplicate variant name '\(name)' (first used on line \(line))", at: node, path: path,
                hint: "give every variant of a suite its own name: its results are named by it")
            return nil
        }
        firstLine[name] = TextPosition(node).line
        return name
    }
}
