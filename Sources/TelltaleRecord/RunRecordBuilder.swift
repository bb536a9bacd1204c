import Foundation
import TelltaleModel
import TelltaleVerify

/// The one road from what a run produced to its `RunRecord`: `telltale run`, `telltale merge`
/// and `telltale queue report` all build their record here, so a build's record is what one
/// machine running every test would have written.
///
/// A pure function: the raw results as the runner's ledger assembled them (each with its earlier
/// attempts and placements), the captured events, and the plan's rules (`RecordRules`) in; the
/// record out. The steps run in one order, written once (`RecordStep.standard`, as Hummingbird
/// composes its middleware): the analytics checks, each flaky result's cause, the stress and
/// repetition verdicts, quarantine, source paths as this checkout names them, and every test that
/// was to run accounted for. The record's invariants are checked where it is made.
package enum RunRecordBuilder {
    package static func build(_ raw: RawRun, rules: RecordRules, context: RecordContext) -> RunRecord {
        var draft = RecordDraft(raw: raw)
        for step in RecordStep.standard { step.apply(&draft, rules, context) }
        return RunRecord(
            tool: ToolInfo(version: context.toolVersion),
            plan: context.plan,
            environment: context.environment,
            startedAt: context.startedAt,
            duration: context.duration,
            tests: draft.results,
            notes: draft.notes,
            events: draft.events,
            shard: context.shard,
            verification: draft.verification,
            coverage: context.coverage,
            order: context.order
        )
    }
}
