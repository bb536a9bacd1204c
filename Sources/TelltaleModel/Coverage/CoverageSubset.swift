/// A run of some of its plan's tests (`--changed`, a command-line `--filter`, one shard, the
/// pre-push hook): its total line coverage is reported but not judged against the plan's
/// `minimum`, which is about the whole suite. The change's own figure, `diffMinimum`, is judged
/// whatever ran. `telltale merge` of every shard is a whole run again.
package struct CoverageSubset: Codable, Sendable, Hashable {
    /// How many tests the run selected, and how many the plan alone selects.
    package var selected: Int
    package var planned: Int
    /// What narrowed the run besides a shard (`--changed --select tests`, `--filter`), in order.
    package var reasons: [String]
    /// The CI shard the run was; nil for a run of every shard.
    package var shard: Shard?

    package init(selected: Int, planned: Int, reasons: [String], shard: Shard? = nil) {
        self.selected = selected
        self.planned = planned
        self.reasons = reasons
        self.shard = shard
    }

    /// `1 of 4 tests (--changed --select tests)`, `3 of 12 tests (shard 1/4)`.
    package var description: String {
        let why = reasons + (shard.map { ["shard \($0)"] } ?? [])
        return "\(selected) of \(planned) test\(planned == 1 ? "" : "s")" + (why.isEmpty ? "" : " (\(why.joined(separator: ", ")))")
    }

    /// What the console, summary.md and the HTML say instead of judging the total.
    package func minimumNote(_ minimum: Double) -> String {
        let threshold = minimum.rounded() == minimum ? String(Int(minimum)) : String(minimum)
        return "the minimum of \(threshold)% was not applied to the total: this run selected \(description); "
            + "it judges runs of every test (diffMinimum judges every run with a base)"
    }

    /// The shards' subsets as one run's: their tests add up, a shard is no longer a reason, and
    /// what narrowed every shard (`--changed`) still does. Nil when the parts make every test.
    package static func merging(_ parts: [CoverageSubset?]) -> CoverageSubset? {
        let known = parts.compactMap { $0 }
        guard !known.isEmpty else { return nil }
        var reasons: [String] = []
        for reason in known.flatMap(\.reasons) where !reasons.contains(reason) { reasons.append(reason) }
        let merged = CoverageSubset(
            selected: known.reduce(0) { $0 + $1.selected }, planned: known.map(\.planned).max() ?? 0, reasons: reasons)
        return merged.reasons.isEmpty && merged.selected >= merged.planned ? nil : merged
    }
}
