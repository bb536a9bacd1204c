/// `telltale merge`: the shards' comparisons as the whole run's, when the merge finds no baseline
/// of its own to compare the whole run with (it compares again when it can, and then knows which
/// of the base's tests were removed).
extension BaselineComparison {
    /// Every shard's tests' classes; the baseline the shards agree on (else the first's). Nil
    /// without a comparison.
    package static func merging(_ comparisons: [BaselineComparison]) -> BaselineComparison? {
        guard let first = comparisons.first(where: { $0.baseline != nil }) ?? comparisons.first else { return nil }
        var tests: [String: TestComparison] = [:]
        for comparison in comparisons { tests.merge(comparison.tests) { mine, _ in mine } }
        // Each shard left the others' tests out: which of the base's tests no shard ran is not known here.
        return BaselineComparison(
            baseline: first.baseline, missing: first.missing, tests: tests, removed: Array(Set(comparisons.flatMap(\.removed))).sorted(),
            subset: CoverageSubset.merging(comparisons.map(\.subset)))
    }
}
