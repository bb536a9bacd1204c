import Foundation

/// The complete, versioned record of one run: the single input of every report.
///
/// `schemaVersion` is encoded first so readers can check it before anything else.
/// Bump it when a field changes meaning or is removed; adding optional fields is
/// compatible.
package struct RunRecord: Codable, Sendable, Hashable {
    package static let currentSchemaVersion = 1

    package var schemaVersion: Int
    package var tool: ToolInfo
    package var plan: PlanSummary
    package var environment: RunEnvironment
    package var startedAt: Date
    /// Wall-clock seconds from the start of the build to the last test's end.
    package var duration: Double
    package var tests: [TestResult]
    /// Runner-level problems that are not any one test's: a process that exited
    /// between tests, output that no test claimed.
    package var notes: [String]
    /// Every analytics event captured during the run, in arrival order.
    package var events: [Event]
    /// Set when this record is one CI shard of a larger run.
    package var shard: Shard?
    /// The analytics checks (plan expectations, tracking plan); nil when the run had none.
    package var verification: VerificationReport?
    /// Trends and flaky scores from the run history; nil when the run had no history.
    package var history: HistoryDigest?
    /// Code coverage (`--coverage`, a plan's `coverage:`); nil when the run measured none.
    package var coverage: CoverageSummary?
    /// `--shuffle`'s seed and `--repeat`'s repetitions; nil when the run did neither.
    package var order: RunOrder?
    /// The run against the base of its change; nil when it was compared with none.
    package var comparison: BaselineComparison?
    /// Which failures fail the run (`--fail-on`, the plan's `failOn:`); nil is `any`.
    package var failOn: FailOn?

    package init(
        tool: ToolInfo,
        plan: PlanSummary,
        environment: RunEnvironment,
        startedAt: Date,
        duration: Double,
        tests: [TestResult],
        notes: [String] = [],
        events: [Event] = [],
        shard: Shard? = nil,
        verification: VerificationReport? = nil,
        history: HistoryDigest? = nil,
        coverage: CoverageSummary? = nil,
        order: RunOrder? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = tool
        self.plan = plan
        self.environment = environment
        self.startedAt = startedAt
        self.duration = duration
        self.tests = tests
        self.notes = notes
        self.events = events
        self.shard = shard
        self.verification = verification
        self.history = history
        self.coverage = coverage
        self.order = order
    }

    package var totals: RunTotals { RunTotals(tests) }

    /// A test failed (and no quarantine entry excuses it; under `failOn: new`, one the base did
    /// not fail: `failsRunUnderPolicy`), an event no test sent broke the tracking plan, or coverage
    /// is below a threshold of the plan: the run fails (exit 1).
    package var failed: Bool {
        tests.contains(where: failsRunUnderPolicy) || !(verification?.unattributed.isEmpty ?? true)
            || !(coverage?.gateFailures.isEmpty ?? true)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, plan, environment, startedAt, duration, tests, notes, events, shard, verification, history, coverage
        case order, comparison, failOn
    }

    /// Fields added after schema version 1 was first written decode with their defaults.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        tool = try c.decode(ToolInfo.self, forKey: .tool)
        plan = try c.decode(PlanSummary.self, forKey: .plan)
        environment = try c.decode(RunEnvironment.self, forKey: .environment)
        startedAt = try c.decode(Date.self, forKey: .startedAt)
        duration = try c.decode(Double.self, forKey: .duration)
        tests = try c.decode([TestResult].self, forKey: .tests)
        notes = try c.decodeIfPresent([String].self, forKey: .notes) ?? []
        events = try c.decodeIfPresent([Event].self, forKey: .events) ?? []
        shard = try c.decodeIfPresent(Shard.self, forKey: .shard)
        verification = try c.decodeIfPresent(VerificationReport.self, forKey: .verification)
        history = try c.decodeIfPresent(HistoryDigest.self, forKey: .history)
        coverage = try c.decodeIfPresent(CoverageSummary.self, forKey: .coverage)
        order = try c.decodeIfPresent(RunOrder.self, forKey: .order)
        comparison = try c.decodeIfPresent(BaselineComparison.self, forKey: .comparison)
        failOn = try c.decodeIfPresent(FailOn.self, forKey: .failOn)
    }
}

/// Which part of a sharded run a record holds: shard `index` (1-based) of `count`.
package struct Shard: Codable, Sendable, Hashable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// Parses `I/N`, as `--shard 2/4` writes it; nil unless 1 ≤ I ≤ N.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.init(index: index, count: count)
    }
}

/// Which Telltale wrote the record.
package struct ToolInfo: Codable, Sendable, Hashable {
    package var name: String
    package var version: String

    package init(name: String = "telltale", version: String) {
        self.name = name
        self.version = version
    }
}

/// What was run: the plan's name and file (if any) and the package tested.
package struct PlanSummary: Codable, Sendable, Hashable {
    package var name: String
    package var path: String?
    package var package: String

    package init(name: String, path: String?, package: String) {
        self.name = name
        self.path = path
        self.package = package
    }
}

/// Where the run happened.
package struct RunEnvironment: Codable, Sendable, Hashable {
    package var host: String
    package var operatingSystem: String
    package var swiftVersion: String?
    package var gitCommit: String?
    package var gitBranch: String?
    /// The working tree had uncommitted changes: the commit alone does not say what ran.
    package var gitDirty: Bool?
    /// The package's folder on this machine, absolute: the source paths in the record are under
    /// it, so a merge or a queue build's record can move another checkout's paths to its own.
    package var packageRoot: String?

    package init(
        host: String, operatingSystem: String, swiftVersion: String? = nil, gitCommit: String? = nil, gitBranch: String? = nil,
        gitDirty: Bool? = nil, packageRoot: String? = nil
    ) {
        self.host = host
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.gitCommit = gitCommit
        self.gitBranch = gitBranch
        self.gitDirty = gitDirty
        self.packageRoot = packageRoot
    }
}
