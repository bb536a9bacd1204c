import TelltaleModel
import TelltaleRecord

/// `--stress-new N` (or the plan's `stress.new`): which tests run N more times, and why; and,
/// once they ran, each one's verdict.
///
/// Every source of "this test has not proven itself yet" adds its ids with a reason through
/// `add(_:reason:)`: tests the history has not seen pass (`newTests`), tests declared in a
/// changed test file (`changedTests`). A test several sources name keeps every reason.
struct StressSelection: Sendable, Equatable {
    /// Extra runs for each stressed test.
    var runs: Int
    /// The plan's `stress.onFlaky: report`: a test flaky on arrival does not fail the run.
    var reportOnly: Bool
    /// Each stressed test with why, reasons in the order they were added.
    private(set) var reasons: [TestID: [String]] = [:]
    /// Why no test counts as new by one source or another (no history yet), for the run's notes.
    var caveats: [String] = []

    init(runs: Int, reportOnly: Bool) {
        self.runs = runs
        self.reportOnly = reportOnly
    }

    static let newReason = "new: no passing run in the history"

    /// Names `ids` to stress, each for `reason`.
    mutating func add(_ ids: some Sequence<TestID>, reason: (TestID) -> String) {
        for id in ids {
            let text = reason(id)
            if !reasons[id, default: []].contains(text) { reasons[id, default: []].append(text) }
        }
    }

    var tests: Set<TestID> { Set(reasons.keys) }

    /// The selected tests the history has not seen pass. `passed` nil (no history to tell by)
    /// makes none new: a fresh clone would otherwise stress every test it has.
    static func newTests(_ selected: [TestID], passed: Set<String>?) -> [TestID] {
        guard let passed else { return [] }
        return selected.filter { !passed.contains($0.timingKey) }
    }

    /// The selected tests that a changed file may declare, each with the files.
    static func changedTests(_ selected: [TestID], index: TestSourceIndex) -> [TestID: [String]] {
        guard !index.files.isEmpty else { return [:] }
        var found: [TestID: [String]] = [:]
        for id in selected {
            let files = index.files(declaring: id)
            if !files.isEmpty { found[id] = files }
        }
        return found
    }

    /// `stress: 2 tests run 5 more times each: A (new: …), B (its file changed: …)`, then the caveats.
    var notes: [String] {
        guard runs > 0 else { return [] }
        var lines = caveats
        if reasons.isEmpty {
            lines.append("stress: no new or changed test to run \(runs) more time\(runs == 1 ? "" : "s")")
        } else {
            let listed = reasons.keys.sorted().prefix(20).map { "\($0) (\(reasons[$0]!.joined(separator: "; ")))" }
            let more = reasons.count > 20 ? " and \(reasons.count - 20) more" : ""
            lines.append(
                "stress: \(reasons.count) new or changed test\(reasons.count == 1 ? "" : "s") run \(runs) more time\(runs == 1 ? "" : "s") each: "
                    + listed.joined(separator: ", ") + more)
        }
        return lines
    }

    /// How the record builder judges the stressed tests once they ran.
    var judgement: StressJudgement {
        StressJudgement(reasons: reasons, extraRuns: runs, reportOnly: reportOnly)
    }
}
