import TelltaleModel

/// The comparison with the base in `summary.md`, the pull request's comment: the line it opens
/// with (`2 new failures, 1 fixed; 3 already failing on main`), the new failures first with their
/// messages, then those already failing on the base, then the rest in one shorter list.
extension MarkdownSummaryWriter {
    /// The lines under the heading: the comparison and which baseline, or why there is none.
    static func comparisonHead(_ record: RunRecord) -> String {
        guard let comparison = record.comparison else { return "" }
        guard let baseline = comparison.baseline else {
            return "**No baseline to compare with:** \(oneLine(PlainText.clean(comparison.missing ?? "none was found"), limit: messageLimit))\n\n"
        }
        var text = "**Against \(escape(baseline.name)):** \(escape(comparison.headline))"
        if record.failOn == .new { text += " · only new failures fail the run" }
        return text + "\n\n_Baseline: \(oneLine(PlainText.clean(baseline.description), limit: messageLimit))_\n\n"
    }

    /// The failing tests as the base sees them, in place of the one failing list; nil without a
    /// baseline (every failure is then listed as usual).
    func comparisonSections(_ record: RunRecord, failing: [TestResult], context: ReportContext) -> [Section]? {
        guard let comparison = record.comparison, let baseline = comparison.baseline else { return nil }
        let base = Self.escape(baseline.name)
        // Anything not classed `stillFailing` counts as new: a failing new test, or one the
        // comparison did not class, is news to the reviewer.
        let new = failing.filter { comparison.tests[$0.id.rawValue]?.change != .stillFailing }
        let still = failing.filter { comparison.tests[$0.id.rawValue]?.change == .stillFailing }
        var sections: [Section] = []
        if !new.isEmpty {
            sections.append(
                Section(
                    title: "New failures (\(new.count))",
                    header: "Failing here, and not on \(base) (a test \(base) does not have is new).\n\n"
                        + "| test | location | first message |\n|---|---|---|\n",
                    count: new.count,
                    row: { index in
                        let test = new[index]
                        let row = failingRow(test, context: context)
                        // The row ends ` |\n`: a test the base does not have says so in its message's cell.
                        return comparison.tests[test.id.rawValue]?.base == nil ? String(row.dropLast(3)) + " · _new test_ |\n" : row
                    },
                    leftOut: { "_…and \($0) more new failures; see the HTML report._" }
                ))
        }
        if !still.isEmpty {
            let consequence = record.failOn == .new ? "they do not fail the run (`--fail-on new`)" : "they fail the run as any failure does"
            sections.append(
                Section(
                    title: "Already failing on \(base) (\(still.count))",
                    header: "They failed on \(base) too; \(consequence).\n\n| test | first message |\n|---|---|\n",
                    count: still.count,
                    // Shorter than the new failures' rows: no location, the message cut at 120 characters.
                    row: { index in
                        let test = still[index]
                        let message = test.primaryMessage.map { Self.oneLine(PlainText.clean($0.text), limit: 120) } ?? test.outcome.rawValue
                        return "| `\(Self.code(test.id.rawValue))` | \(message) |\n"
                    },
                    leftOut: { "_…and \($0) more already failing; see the HTML report._" }
                ))
        }
        let others = Self.otherChanges(record, comparison: comparison, base: base)
        if !others.isEmpty {
            sections.append(
                Section(
                    title: "Other changes against \(base) (\(others.count))",
                    header: "| test | change | |\n|---|---|---|\n",
                    count: others.count,
                    row: { index in "| `\(Self.code(others[index].id))` | \(others[index].change) | \(others[index].detail) |\n" },
                    leftOut: { "_…and \($0) more; see the HTML report._" }
                ))
        }
        return sections
    }

    /// Fixed, new, removed, newly flaky and much slower tests, in that order, each by id.
    static func otherChanges(_ record: RunRecord, comparison: BaselineComparison, base: String) -> [(id: String, change: String, detail: String)] {
        // This run's durations by id, for the much slower tests' row.
        let durations = Dictionary(record.tests.map { ($0.id.rawValue, $0.duration) }) { $1 }
        var rows: [(id: String, change: String, detail: String)] = []
        for id in comparison.ids(.fixed) {
            rows.append((id, "✅ fixed", "\(comparison.tests[id]?.base?.rawValue ?? "failed") on \(base)"))
        }
        for id in comparison.ids(.newTest) { rows.append((id, "new test", "")) }
        for id in comparison.removed { rows.append((id, "removed", "on \(base), not in this run")) }
        for id in comparison.ids(.newlyFlaky) { rows.append((id, "⚠️ newly flaky", "passed on a retry; not flaky on \(base)")) }
        for id in comparison.ids(.slower) {
            let was = comparison.tests[id]?.baseDuration.map(duration) ?? "?"
            rows.append((id, "🐢 much slower", "\(duration(durations[id] ?? 0)) (\(was) on \(base))"))
        }
        return rows
    }
}
