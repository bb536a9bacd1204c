import TelltaleModel

/// `summary.remarkup` against the base: the comparison's line under the totals, and the failures
/// split into new ones and those already failing on the base.
extension RemarkupSummaryWriter {
    /// `**Against main:** 1 new failure; 2 already failing on main`, or why there is no baseline.
    static func comparisonLine(_ record: RunRecord) -> String {
        guard let comparison = record.comparison else { return "" }
        guard let baseline = comparison.baseline else {
            return "\n**No baseline to compare with:** \(Remarkup.inline(comparison.missing ?? "none was found"))\n"
        }
        var text = "\n**Against \(Remarkup.inline(baseline.name)):** \(Remarkup.inline(comparison.headline))"
        if record.failOn == .new { text += " (only new failures fail the run)" }
        return text + "\n"
    }

    /// The failing tests in two lists, new first; nil without a baseline.
    func comparedFailures(_ record: RunRecord, failing: [TestResult], context: ReportContext) -> String? {
        guard let comparison = record.comparison, let baseline = comparison.baseline else { return nil }
        let new = failing.filter { comparison.tests[$0.id.rawValue]?.change != .stillFailing }
        let still = failing.filter { comparison.tests[$0.id.rawValue]?.change == .stillFailing }
        return section("New failures", new, context: context)
            + section("Already failing on \(Remarkup.inline(baseline.name))", still, context: context)
    }
}
