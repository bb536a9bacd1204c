import TelltaleModel

/// How `--stress-new`'s tests are judged once they ran: each stressed test with why, its extra
/// runs, and whether one flaky on arrival only warns (`stress.onFlaky: report`).
package struct StressJudgement: Sendable, Equatable {
    package var reasons: [TestID: [String]]
    package var extraRuns: Int
    package var reportOnly: Bool

    package init(reasons: [TestID: [String]], extraRuns: Int, reportOnly: Bool) {
        self.reasons = reasons
        self.extraRuns = extraRuns
        self.reportOnly = reportOnly
    }

    /// The results with a verdict on each stressed test (`TestResult.judgedUnderStress`).
    package func apply(to results: [TestResult]) -> [TestResult] {
        guard extraRuns > 0, !reasons.isEmpty else { return results }
        return results.map { result in
            guard let why = reasons[result.id] else { return result }
            return result.judgedUnderStress(reasons: why, extraRuns: extraRuns, reportOnly: reportOnly)
        }
    }
}
