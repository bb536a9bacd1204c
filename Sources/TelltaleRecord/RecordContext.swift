import Foundation
import TelltaleModel

/// What a record says about its run that no step judges: its tool, plan, machine, times, shard,
/// order and coverage.
public struct RecordContext: Sendable {
    public var toolVersion: String
    public var plan: PlanSummary
    public var environment: RunEnvironment
    public var startedAt: Date
    public var duration: Double
    public var shard: Shard?
    public var coverage: CoverageSummary?
    public var order: RunOrder?
    /// The day quarantine entries are judged on (their `until`).
    public var today: Date

    public init(
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
