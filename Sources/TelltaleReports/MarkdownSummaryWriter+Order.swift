import TelltaleModel

/// The "Flaky tests explained" section of `summary.md`: each test a bisection looked at or whose
/// runs both passed and failed, with its cause and the evidence, its failure rate over `--repeat`'s
/// repetitions, and the command that reproduces an order dependency. Order-dependent tests first.
extension MarkdownSummaryWriter {
    /// Nil when no test has a cause, a bisection or a failed repetition. The header says how the
    /// run was ordered, so the seed can be given again.
    static func orderSection(_ record: RunRecord) -> Section? {
        let explained = record.tests.filter { $0.flakyCause != nil || $0.orderDependency != nil || ($0.repeats?.failures ?? 0) > 0 }
            .sorted { (rank($0), $0.id) < (rank($1), $1.id) }
        guard !explained.isEmpty else { return nil }
        var header = ""
        if let order = record.order {
            var facts: [String] = []
            if let seed = order.seed { facts.append("in the order of shuffle seed \(seed) (`--shuffle=\(seed)` repeats it)") }
            if order.repetitions > 1 { facts.append("\(order.repetitions) repetitions" + (order.untilFailure ? " (until a failure)" : "")) }
            if !facts.isEmpty { header += "Run " + facts.joined(separator: ", ") + ".\n\n" }
        }
        header += "| test | cause | evidence | failure rate | reproduce |\n|---|---|---|---:|---|\n"
        return Section(
            title: "Flaky tests explained (\(explained.count))",
            header: header,
            count: explained.count,
            row: { index in
                let test = explained[index]
                let cause = test.flakyCause?.kind.label ?? test.orderDependency.map { "suspected \($0.kind.rawValue)" } ?? "–"
                // A cause's own evidence, but a bisection's finding for an order dependency.
                let evidence =
                    test.flakyCause.flatMap { $0.kind == .orderDependent ? nil : $0.evidence } ?? test.orderDependency?.summary
                    ?? test.repeats?.summary ?? ""
                let rate = test.repeats.map { "\($0.percentText) (\($0.failures) of \($0.runs))" } ?? "–"
                let reproduce = test.orderDependency?.reproduce.map { "`\(code($0))`" } ?? ""
                return "| \(testLabel(test)) | \(cause) | \(oneLine(evidence, limit: messageLimit)) | \(rate) | \(reproduce) |\n"
            },
            leftOut: { "_…and \($0) more; see the HTML report._" }
        )
    }

    /// Order-dependent first, then the other causes in `FlakyCause.Kind`'s order, then the rest.
    private static func rank(_ test: TestResult) -> Int {
        test.flakyCause.map { FlakyCause.Kind.allCases.firstIndex(of: $0.kind)! } ?? FlakyCause.Kind.allCases.count
    }
}
