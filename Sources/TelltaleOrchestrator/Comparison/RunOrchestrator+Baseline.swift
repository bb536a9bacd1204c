import TelltaleModel
import TelltalePlan

/// A run against the base of its change: the request resolved before anything starts, the
/// comparison made once the record is built, before it is recorded (so a run of the base commit
/// is compared with the one before it, not with itself) and reported.
extension RunOrchestrator {
    /// `--baseline`, `--base` and the rest, and the gate (`RunSettings.failOn`);
    /// an unreadable `--baseline` is exit 2 before anything is built.
    func baselineRequest(for plan: Plan, settings: RunSettings) async throws(OrchestratorError) -> BaselineRequest {
        do {
            return try await BaselineRequest.resolve(
                baseline: options.baselinePath, base: options.base, changed: options.changed, coverageBase: options.coverageBase,
                failOn: settings.failOn, package: plan.package)
        } catch {
            throw .badOption(error.message)
        }
    }

    /// The record compared with the run's baseline, said on the console. A run of part of the
    /// tests (a shard, `--changed`, a filter, a queue machine's share, a run cut short) did not
    /// remove the base's tests it lacks.
    func compare(_ record: inout RunRecord, setup: Setup, history: RunHistory, outcome: RunExecution.Outcome) async {
        let ran = outcome.results.count
        let subset =
            outcome.subset
            ?? (outcome.notRun.isEmpty ? nil : CoverageSubset(selected: ran, planned: ran + outcome.notRun.count, reasons: ["cut short"]))
        for line in await setup.baseline.apply(to: &record, history: history.store, subset: subset) { await progress.note(line) }
    }
}
