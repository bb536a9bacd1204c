import TelltaleModel

extension RunOrchestrator {
    /// `--stress-new N` (or the plan's `stress.new`): the selected tests that are new (the
    /// history has not seen them pass) or declared in a test file `--changed` found changed,
    /// printed with why; nil when the run stresses nothing. A quarantined test is never stressed:
    /// it is known to be bad, and its failures fail nothing, so more runs would tell nothing.
    func stressSelection(for tests: [TestID], setup: Setup, passed: Set<String>?) async -> StressSelection? {
        let runs = setup.settings.stressNew
        guard runs > 0 else { return nil }
        var stress = StressSelection(runs: runs, reportOnly: setup.plan.stress.onFlaky == .report)
        let quarantine = QuarantineList(setup.plan.quarantine)
        let selected = tests.filter { !quarantine.excuses($0) }
        if selected.count < tests.count {
            let left = tests.filter { quarantine.excuses($0) }.map(\.rawValue)
            stress.caveats.append(
                "stress: \(left.count) quarantined test\(left.count == 1 ? " is" : "s are") not stressed: "
                    + left.prefix(10).joined(separator: ", ") + (left.count > 10 ? " and \(left.count - 10) more" : ""))
        }
        if passed == nil {
            stress.caveats.append(
                "stress: no run history to tell new tests by (no run recorded yet, or history off), so no test counts as new by the history")
        }
        stress.add(StressSelection.newTests(selected, passed: passed)) { _ in StressSelection.newReason }
        if let changes = setup.changes {
            let index = TestSourceIndex.reading(changes.testFiles.map { ($0.module, $0.path, $0.relative) })
            let changed = StressSelection.changedTests(selected, index: index)
            stress.add(changed.keys.sorted()) { "its file changed: " + changed[$0, default: []].joined(separator: ", ") }
        }
        for note in stress.notes { await progress.note(note) }
        return stress
    }
}
