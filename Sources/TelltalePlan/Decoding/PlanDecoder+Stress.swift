import Yams

extension PlanDecoder {
    /// The keys of `stress:`; both have defaults (`new: 0`, `onFlaky: fail`).
    static let stressKeys = ["new", "onFlaky"]

    /// `stress: { new: 3, onFlaky: fail | report }`.
    mutating func stress(_ node: Node, path: String) -> PlanStress {
        var stress = PlanStress()
        guard let mapping = mapping(node, path: path, example: "`stress: { new: 3, onFlaky: fail }`") else { return stress }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.stressKeys)
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "new": stress.new = count(value, path: keyPath, minimum: 0) ?? stress.new
            case "onFlaky": stress.onFlaky = choice(value, path: keyPath, of: PlanStress.OnFlaky.self) ?? stress.onFlaky
            default: break
            }
        }
        return stress
    }
}
