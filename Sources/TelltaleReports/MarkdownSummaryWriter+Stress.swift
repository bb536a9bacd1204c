import TelltaleModel

/// The Stress section of `summary.md`: the tests `--stress-new` ran more times, why, how their
/// runs went, and the verdict, those flaky on arrival first.
extension MarkdownSummaryWriter {
    /// Nil when `--stress-new` stressed no test. The header's figures come from the first test's
    /// record: every stressed test ran the same extra runs under the same plan.
    static func stressSection(_ record: RunRecord) -> Section? {
        let order: [TestStress.Verdict] = [.flakyOnArrival, .failing, .stable, .skipped]
        let stressed = record.tests.compactMap { test in test.stress.map { (test, $0) } }
            .sorted { (order.firstIndex(of: $0.1.verdict)!, $0.0.id) < (order.firstIndex(of: $1.1.verdict)!, $1.0.id) }
        guard let first = stressed.first?.1 else { return nil }
        let flaky = stressed.count { $0.1.verdict == .flakyOnArrival }
        let consequence =
            first.reportOnly
            ? "the plan's `stress.onFlaky: report` reports it without failing the run"
            : "that fails the run"
        return Section(
            title: "Stress (\(stressed.count) new or changed, \(flaky) flaky on arrival)",
            header: "Each ran \(first.extraRuns) more time\(first.extraRuns == 1 ? "" : "s") after the usual run; "
                + "one whose runs both passed and failed is flaky on arrival, and \(consequence).\n\n"
                + "| test | why | passed | verdict |\n|---|---|---:|---|\n",
            count: stressed.count,
            row: { index in
                let (test, stress) = stressed[index]
                let verdict =
                    switch stress.verdict {
                    case .flakyOnArrival: stress.reportOnly ? "⚠️ flaky on arrival (reported only)" : "❌ flaky on arrival"
                    case .failing: "❌ failed every run"
                    case .stable: "✅ stable"
                    case .skipped: "skipped"
                    }
                let why = oneLine(stress.reasons.joined(separator: "; "), limit: messageLimit)
                return "| \(testLabel(test)) | \(why) | \(stress.passed) of \(stress.runs) | \(verdict) |\n"
            },
            leftOut: { "_…and \($0) more stressed tests; see the HTML report._" }
        )
    }
}
