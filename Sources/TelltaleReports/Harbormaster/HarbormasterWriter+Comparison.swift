import TelltaleModel

/// The comparison with the base in Harbormaster's units: a failure the base had too is `unsound`
/// (Harbormaster's "failed, but this change is probably not what broke it"), and each classed
/// test's details open with what it did against the base.
extension HarbormasterWriter {
    static func result(_ test: TestResult, in comparison: BaselineComparison?) -> String {
        guard test.outcome.isFailure, comparison?.baseline != nil, comparison?.tests[test.id.rawValue]?.change == .stillFailing else {
            return result(test)
        }
        return "unsound"
    }

    /// `**New failure**: passed on main.`, …; nil for a test that did as on the base, or without one.
    static func comparisonLine(_ test: TestResult, in comparison: BaselineComparison?) -> String? {
        guard let comparison, let baseline = comparison.baseline, let compared = comparison.tests[test.id.rawValue] else { return nil }
        let base = Remarkup.inline(baseline.name)
        let was = compared.base.map { "\($0.rawValue) on \(base)" } ?? "not on \(base)"
        switch compared.change {
        case .newFailure: return "**New failure**: \(was)."
        case .stillFailing: return "**Already failing on \(base)**: this change is probably not what broke it."
        case .fixed: return "**Fixed**: \(was)."
        case .newTest: return "**New test**: not on \(base)."
        case .newlyFlaky: return "**Newly flaky**: passed on a retry; not flaky on \(base)."
        case .slower:
            let usual = compared.baseDuration.map { String(format: "%.2f s", $0) } ?? "?"
            return "**Much slower than on \(base)**: \(String(format: "%.2f s", test.duration)), \(usual) there."
        }
    }
}
