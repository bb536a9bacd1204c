import Foundation

/// The complete, versioned record of one run: the single input of every report.
///
/// `schemaVersion` is encoded first so readers can check it before anything else.
/// Bump it when a field changes meaning or is removed; adding optional fields is
/// compatible.
public struct RunRecord: Codable, Sendable, Hashable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: ToolInfo
    public var plan: PlanSummary
    public var environment: RunEnvironment
    public var startedAt: Date
    /// Wall-clock seconds from the start of the build to the last test's end.
    public var duration: Double
    public var tests: [TestResult]
    /// Runner-level problems that are not any one test's: a process that exited
    /// between tests, output that no test claimed.
    public var notes: [String]
    /// Every analytics event captured during the run, in arrival order.
    public var events: [Event]
    /// Set when this record is one CI shard of a larger run.
    public var shard: Shard?
    /// The analytics checks (plan expectations, tracking plan); nil when the run had none.
    public var verification: VerificationReport?
    /// Trends and flaky scores from the run history; nil when the run had no history.
    public var history: HistoryDigest?
    /// Code coverage (`--coverage`, a plan's `coverage:`); nil when the run measured none.
    public var coverage: CoverageSummary?
    /// `--shuffle`'s seed and `--repeat`'s repetitions; nil when the run did neither.
    public var order: RunOrder?
    /// The run against the base of its change; nil when it was compared with none.
    public var comparison: BaselineComparison?
    /// Which failures fail the run (`--fail-on`, the plan's `failOn:`); nil is `any`.
    public var failOn: FailOn?

    public init(
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

    public var totals: RunTotals { RunTotals(tests) }

    /// A test failed (and no quarantine entry excuses it; under `failOn: new`, one the base did
    /// not fail: `failsRunUnderPolicy`), an event no test sent broke the tracking plan, or coverage
    /// is below a threshold of the plan: the run fails (exit 1).
    public var failed: Bool {
        tests.contains(where: failsRunUnderPolicy) || !(verification?.unattributed.isEmpty ?? true)
            || !(coverage?.gateFailures.isEmpty ?? true)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, plan, environment, startedAt, duration, tests, notes, events, shard, verification, history, coverage
        case order, comparison, failOn
    }

    /// Fields added after schema version 1 was first written decode with their defaults.
    public init(from decoder: any Decoder) throws {
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
public struct Shard: Codable, Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Parses `I/N`, as `--shard 2/4` writes it; nil unless 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.init(index: index, count: count)
    }
}

/// Which Telltale wrote the record.
public struct ToolInfo: Codable, Sendable, Hashable {
    public var name: String
    public var version: String

    public init(name: String = "telltale", version: String) {
        self.name = name
        self.version = version
    }
}

/// What was run: the plan's name and file (if any) and the package tested.
public struct PlanSummary: Codable, Sendable, Hashable {
    public var name: String
    public var path: String?
    public var package: String

    public init(name: String, path: String?, package: String) {
        self.name = name
        self.path = path
        self.package = package
    }
}

/// Where the run happened.
public struct RunEnvironment: Codable, Sendable, Hashable {
    public var host: String
    public var operatingSystem: String
    public var swiftVersion: String?
    public var gitCommit: String?
    public var gitBranch: String?
    /// The working tree had uncommitted changes: the commit alone does not say what ran.
    public var gitDirty: Bool?
    /// The package's folder on this machine, absolute: the source paths in the record are under
    /// it, so a merge or a queue build's record can move another checkout's paths to its own.
    public var packageRoot: String?

    public init(
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
