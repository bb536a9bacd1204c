import Yams

extension PlanDecoder {
    static let coverageKeys = ["include", "exclude", "minimum", "diffMinimum", "map"]
    static let changedKeys = ["select"]

    /// `coverage: true | false | { include, exclude, minimum, diffMinimum, map }` (a mapping turns it on).
    mutating func coverage(_ node: Node, path: String) -> PlanCoverage {
        if node.isNull { return PlanCoverage() }
        // A scalar must be `true` or `false`: `coverage: 80` is reported, not read as a minimum.
        if case .scalar = node { return PlanCoverage(enabled: bool(node, path: path) ?? false) }
        guard let mapping = mapping(node, path: path, example: "`coverage: { minimum: 80, diffMinimum: 90 }`") else {
            return PlanCoverage()
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.coverageKeys)
        // A mapping turns coverage on, even `coverage: {}`: its keys only refine what is measured.
        var coverage = PlanCoverage(enabled: true)
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "include": coverage.include = strings(value, path: keyPath).map(\.value)
            case "exclude": coverage.exclude = strings(value, path: keyPath).map(\.value)
            case "minimum": coverage.minimum = percent(value, path: keyPath)
            case "diffMinimum": coverage.diffMinimum = percent(value, path: keyPath)
            case "map": coverage.map = bool(value, path: keyPath) ?? false
            default: break
            }
        }
        return coverage
    }

    /// `changed: { select: targets | tests }`.
    mutating func changed(_ node: Node, path: String) -> PlanChanged {
        if node.isNull { return PlanChanged() }
        guard let mapping = mapping(node, path: path, example: "`changed: { select: tests }`") else { return PlanChanged() }
        var changed = PlanChanged()
        for (key, value) in knownEntries(of: mapping, path: path, allowed: Self.changedKeys).ordered where key == "select" {
            changed.select = choice(value, path: path.appendingKey(key), of: ChangeSelectionLevel.self) ?? .targets
        }
        return changed
    }

    /// A percentage from 0 to 100 (`80`, `72.5`; a trailing `%` is allowed).
    private mutating func percent(_ node: Node, path: String) -> Double? {
        if node.isNull { return nil }
        // `80%` reads as 80: the sign is allowed, never required.
        let text = node.plainString.map { $0.hasSuffix("%") ? String($0.dropLast()) : $0 }
        guard let text, let value = Double(text), value.isFinite, (0...100).contains(value) else {
            report(
                "expected a percentage from 0 to 100, found \(node.summary)", at: node, path: path,
                hint: "write the lowest acceptable coverage, e.g. `80` or `72.5`"
            )
            return nil
        }
        return value
    }
}
