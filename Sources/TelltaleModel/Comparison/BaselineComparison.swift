/// A run against the base of its change (`run.json`'s `comparison`): which baseline, and what each
/// test did against it (new failure, still failing, fixed, new, newly flaky, much slower) and
/// which of the base's tests it no longer has. The classes are `BaselineComparison(comparing:with:subset:)`'s,
/// a pure function of the record and the baseline; `RunRecord.failed` reads them under `failOn: new`.
package struct BaselineComparison: Codable, Sendable, Hashable {
    /// What the run was compared with; nil when no baseline was found (`missing` says why).
    package var baseline: BaselineSource?
    /// Why there is no baseline: a note, never an error (`no run of 1a2b3c4d or of main in the history`).
    package var missing: String?
    /// The tests that did something other than on the base, by id (`TestID.rawValue`).
    package var tests: [String: TestComparison]
    /// The base's tests this run no longer has, by the base's ids, sorted.
    package var removed: [String]
    /// The base's tests this run did not have because it ran part of the tests (`subset`): not
    /// counted as removed.
    package var notRun: Int
    /// What this run was part of the tests by (a shard, `--changed`, a filter, a run cut short, a
    /// machine of a queue build); nil for a run of every test (`telltale merge` of every shard is one).
    package var subset: CoverageSubset?

    package init(
        baseline: BaselineSource?, missing: String? = nil, tests: [String: TestComparison] = [:], removed: [String] = [], notRun: Int = 0,
        subset: CoverageSubset? = nil
    ) {
        self.baseline = baseline
        self.missing = missing
        self.tests = tests
        self.removed = removed
        self.notRun = notRun
        self.subset = subset
    }

    /// No baseline to compare with, and why.
    package static func missing(_ reason: String) -> BaselineComparison {
        BaselineComparison(baseline: nil, missing: reason)
    }

    /// The ids of this run's tests in `change`, sorted.
    package func ids(_ change: TestComparison.Change) -> [String] {
        tests.filter { $0.value.change == change }.map(\.key).sorted()
    }

    package func count(_ change: TestComparison.Change) -> Int {
        tests.values.count { $0.change == change }
    }

    /// The comparison in one line, as summary.md opens with it:
    /// `2 new failures, 1 fixed; 3 already failing on main`.
    package var headline: String {
        guard let baseline else { return "no baseline to compare with: \(missing ?? "none was found")" }
        func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String? {
            count > 0 ? "\(count) \(count == 1 ? one : many ?? one)" : nil
        }
        let new = count(.newFailure)
        var parts = [new == 0 ? "no new failures" : "\(new) new failure\(new == 1 ? "" : "s")"]
        parts += [
            counted(count(.fixed), "fixed"), counted(count(.newTest), "new test", "new tests"), counted(removed.count, "removed"),
            counted(count(.newlyFlaky), "newly flaky"), counted(count(.slower), "much slower"),
        ].compactMap(\.self)
        let still = count(.stillFailing)
        return parts.joined(separator: ", ") + (still > 0 ? "; \(still) already failing on \(baseline.name)" : "")
    }

    enum CodingKeys: String, CodingKey {
        case baseline, missing, tests, removed, notRun, subset
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        baseline = try c.decodeIfPresent(BaselineSource.self, forKey: .baseline)
        missing = try c.decodeIfPresent(String.self, forKey: .missing)
        tests = try c.decodeIfPresent([String: TestComparison].self, forKey: .tests) ?? [:]
        removed = try c.decodeIfPresent([String].self, forKey: .removed) ?? []
        notRun = try c.decodeIfPresent(Int.self, forKey: .notRun) ?? 0
        subset = try c.decodeIfPresent(CoverageSubset.self, forKey: .subset)
    }
}
