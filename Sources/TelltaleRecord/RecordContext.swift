import Foundation
import TelltaleModel

/// What a record says about its run that no step judges: its tool, plan, machine, times, shard,
/// order and coverage.
package struct RecordContext: Sendable {
    package var toolVersion: String
    package var plan: PlanSummary
    package var environment: RunEnvironment
    package var startedAt: Date
    package var duration: Double
    package var shard: Shard?
    package var coverage: CoverageSummary?
    package var order: RunOrder?
    /// The day quarantine entries are judged on (their `until`).
    package var today: Date

    package init(
        toolVersion: String, plan: PlanSummary, environment: RunEnvironment, startedAt: Date, duration: Double, shard: Shard? = nil,
        coverage: CoverageSummary? = nil, order: RunOrder? = nil, today: Date = Date()
    ) {
        self.toolVersion = toolVersion
        self.plan = plan
        self.environment = environment
        self.startedAt = startedAt
        self.duration = duration
        self.shard = shard
        self.coverage = coverage
        self.order = order
        self.today = today
    }
}
