import TelltaleModel

/// Annotations against the base: new failures lead, titled as such; those already failing on the
/// base follow, and under `--fail-on new` (which they do not fail) are warnings.
extension GitHubAnnotationWriter {
    /// 0 for a failure the base did not have (or any failure without a baseline), 1 for one already failing there.
    static func baseRank(_ test: TestResult, in record: RunRecord) -> Int {
        record.comparison?.tests[test.id.rawValue]?.change == .stillFailing ? 1 : 0
    }

    /// `[new failure] failed: ID` or `[already failing on main] failed: ID`; the title as it was without a baseline.
    static func titlePrefix(_ test: TestResult, in record: RunRecord) -> String {
        guard let comparison = record.comparison, let baseline = comparison.baseline,
            let change = comparison.tests[test.id.rawValue]?.change
        else { return "" }
        switch change {
        case .newFailure: return "[new failure] "
        case .stillFailing: return "[already failing on \(baseline.name)] "
        default: return ""
        }
    }
}
