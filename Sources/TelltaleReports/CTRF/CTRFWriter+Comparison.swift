import TelltaleModel

/// The comparison with the base in `ctrf.json`: each classed test's label `comparison`
/// (`newFailure`, `stillFailing`, `fixed`, `newTest`, `newlyFlaky`, `slower`) with the details
/// under `extra` (`telltale.comparison`), and the run's under the summary's `extra`. CTRF's own
/// `baseline` names a report by UUID, which a run compared with a history's run does not have.
extension CTRFWriter {
    /// `labels.comparison` and `extra["telltale.comparison"]` of a test the comparison classed.
    static func comparison(of test: TestResult, in comparison: BaselineComparison?) -> (label: JSONValue, extra: JSONValue)? {
        guard let comparison, let baseline = comparison.baseline, let compared = comparison.tests[test.id.rawValue] else { return nil }
        var extra: [String: JSONValue] = ["change": .string(compared.change.rawValue), "baseline": .string(PlainText.clean(baseline.name))]
        if let base = compared.base { extra["base"] = .string(base.rawValue) }
        if let seconds = compared.baseDuration { extra["baseDuration"] = .number(Double(milliseconds(seconds: seconds))) }
        return (.string(compared.change.rawValue), .object(extra))
    }

    /// The summary's `extra["telltale.comparison"]`: the baseline, the line summary.md opens with,
    /// each class's count and the removed tests; or why there was no baseline.
    static func comparisonSummary(_ comparison: BaselineComparison) -> JSONValue {
        guard let baseline = comparison.baseline else { return ["missing": .string(PlainText.clean(comparison.missing ?? ""))] }
        var fields: [String: JSONValue] = [
            "baseline": .string(PlainText.clean(baseline.description)), "headline": .string(PlainText.clean(comparison.headline)),
            "removed": .array(comparison.removed.map { .string(PlainText.clean($0)) }),
        ]
        for change in TestComparison.Change.allCases { fields[change.rawValue] = .number(Double(comparison.count(change))) }
        if let startedAt = baseline.startedAt { fields["baselineStart"] = .number(Double(milliseconds(startedAt))) }
        return .object(fields)
    }
}
