import Foundation
import TelltaleHistory
import TelltaleModel

extension BaselineRequest {
    /// Compares `record` with the baseline and keeps the comparison and the gate in it; returns the
    /// lines that say which baseline was used and what the run did against it, or why there is
    /// none (a note, never an error). `history`: the open history the base is looked up in (nil:
    /// none). `subset`: what made the record part of the tests (a shard, `--changed`, a filter, a run
    /// cut short, a queue machine); nil for a whole run, whose missing base tests were removed.
    package func apply(to record: inout RunRecord, history: HistoryStore?, subset: CoverageSubset?) async -> [String] {
        if let failOn { record.failOn = failOn == .any ? nil : failOn }
        guard let comparison = await comparison(for: record, history: history, subset: subset) else { return [] }
        // A merge that finds no baseline of its own keeps what its shards compared with.
        if comparison.baseline == nil, let kept = record.comparison, kept.baseline != nil {
            return ["no baseline for the whole run (\(comparison.missing ?? "none found")); the shards' comparisons stand"]
        }
        record.comparison = comparison
        return Self.lines(comparison, record: record)
    }

    /// The same, with the history at `location` (a path or a URL: `merge`'s, `queue report`'s)
    /// opened for the look-up alone; a history that cannot be opened leaves no baseline, with why.
    package func apply(to record: inout RunRecord, historyAt location: String?, subset: CoverageSubset?) async -> [String] {
        guard file == nil, base != nil, let location else { return await apply(to: &record, history: nil, subset: subset) }
        var compared = record
        let lines = await RunHistory.withOpened(location, what: "no baseline from it") { opened in
            switch opened {
            case .success(let store): return await apply(to: &compared, history: store, subset: subset)
            case .failure(let warning):
                return [warning.description] + (await apply(to: &compared, history: nil, subset: subset))
            }
        }
        record = compared
        return lines
    }

    private func comparison(for record: RunRecord, history: HistoryStore?, subset: CoverageSubset?) async -> BaselineComparison? {
        if let file { return BaselineComparison(comparing: record, with: file, subset: subset) }
        guard let base else {
            guard record.failOn == .new else { return nil }
            return .missing(
                "no base to compare with (give --base BRANCH, or --baseline with the base's run.json or JUnit; in CI, the merge request's target branch): every failure counts as new"
            )
        }
        let what = [base.commit.map { "of \($0.prefix(8))" }, base.branch.map { "of \($0)" }].compactMap(\.self).joined(separator: " or ")
        guard let history else {
            return .missing("no history to find the base's run in (\(base.source)); give --baseline with the base's run.json or JUnit")
        }
        do {
            guard var baseline = try await history.baseline(commit: base.commit, branch: base.branch) else {
                return .missing("no run \(what) in the history \(history.location) (\(base.source)): record the base branch's runs there")
            }
            baseline.source.chosenBy = base.source
            return BaselineComparison(comparing: record, with: baseline, subset: subset)
        } catch {
            return .missing("the history could not be read for the base's run: \(error)")
        }
    }

    /// `baseline: main: the run of 1a2b3c4d …` and `against main: 1 new failure; …`, or `no baseline: why`.
    static func lines(_ comparison: BaselineComparison, record: RunRecord) -> [String] {
        guard let baseline = comparison.baseline else {
            return ["no baseline: \(comparison.missing ?? "none was found")"]
        }
        var lines = ["baseline: \(baseline.description)", "against \(baseline.name): \(comparison.headline)"]
        let excused = record.excusedByBaseline.count
        if excused > 0 {
            let tests = excused == 1 ? "1 test already failing on \(baseline.name) does" : "\(excused) tests already failing on \(baseline.name) do"
            lines.append("--fail-on new: \(tests) not fail the run")
        }
        return lines
    }
}
