import TelltaleModel

extension TestResult {
    /// JUnit `property` elements for what the run found about its order and flakiness: the
    /// bisection's kind, verdict, culprits, runs and reproduction; the flaky cause; the failure
    /// rate over `--repeat`'s repetitions; the seed of the order it last ran in.
    var orderProperties: [(name: String, value: String)] {
        var properties: [(String, String)] = []
        if let dependency = orderDependency {
            properties.append(("orderDependency", dependency.kind.rawValue))
            properties.append(("orderDependency.verdict", dependency.verdict.rawValue))
            // A victim names the tests that polluted it; a brittle test the tests that set up its state.
            let role = dependency.kind == .victim ? "orderDependency.polluter" : "orderDependency.stateSetter"
            properties += dependency.tests.map { (role, $0.rawValue) }
            properties.append(("orderDependency.runs", String(dependency.runs)))
            if let reproduce = dependency.reproduce { properties.append(("orderDependency.reproduce", reproduce)) }
        }
        if let cause = flakyCause {
            properties.append(("flakyCause", cause.kind.rawValue))
            properties.append(("flakyCause.evidence", cause.evidence))
        }
        if let repeats {
            properties.append(("failureRate", repeats.percentText))
            properties.append(("repeats", repeats.summary))
        }
        if let seed = placement?.seed { properties.append(("shuffleSeed", String(seed))) }
        return properties
    }
}
