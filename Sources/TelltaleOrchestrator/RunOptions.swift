import TelltaleChanges
import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// Which launcher starts test processes (`--launcher`); the commands see it through here.
public typealias LauncherKind = TelltaleRunner.LauncherKind

/// What `telltale run` was asked to do, after argument parsing.
public struct RunOptions: Sendable {
    /// The plan file; nil uses `telltale.yml` beside the package's `Package.swift` (`PlanDiscovery`),
    /// else runs the package with defaults.
    public var planPath: String?
    /// Overrides the plan's `package`.
    public var package: String?
    /// Overrides the plan's `reports.dir`.
    public var reportDirectory: String?
    /// Added to the plan's filters and skips, as `swift test --filter/--skip`.
    public var filter: [String]
    public var skip: [String]
    /// Added to the plan's `tags` and `skipTags`: Swift Testing tags to run, and to leave out.
    public var tags: [String] = []
    public var skipTags: [String] = []
    /// Use the existing build, as `swift test --skip-build`.
    public var skipBuild: Bool
    /// Parallel test processes (overrides the plan's `workers`; default: the number of cores).
    public var workers: Int?
    /// Run only this CI shard of the selected tests.
    public var shard: Shard?
    /// Past durations (run.json or JUnit) to balance shards by.
    public var timingsPath: String?
    /// Retries for failing tests (overrides the plan's and its suites').
    public var retries: Int?
    /// The history, a file or a PostgreSQL URL (overrides `TELLTALE_HISTORY_URL` and the plan's `history:`).
    public var historyPath: String?
    /// Neither read nor record history.
    public var noHistory: Bool
    /// Run only the test targets a change since this base can affect (`--changed [BASE]`).
    public var changed: ChangeBase?
    /// Print why each test target runs.
    public var explain: Bool
    /// Stop at the first test that fails for good (after its retries), and report what ran.
    public var failFast: Bool
    /// How test processes are started; nil chooses by the built test product.
    public var launcher: LauncherKind?
    /// An expectation that selects no listed test is an error, not a warning (`--strict`).
    public var strict = false
    /// Test this commit rather than the working tree (`--commit`; the pre-push hook's way).
    public var commit: String?
    /// The package beside which the history is kept when the plan keeps it there: the user's
    /// own, when `--commit` runs in Telltale's worktree. Nil: the plan's package.
    public var historyPackage: String?
    /// Measure code coverage (`--coverage`/`--no-coverage`); nil lets the plan's `coverage:` decide.
    public var coverage: Bool?
    /// The commit, branch or tag diff coverage compares with (`--coverage-base`); nil takes
    /// `--changed`'s base, or a CI merge request's.
    public var coverageBase: String?
    /// Record what each test executed (`--coverage-map`); nil lets the plan's `coverage.map` decide.
    public var coverageMap: Bool?
    /// What `--changed` selects by (`--select`); nil lets the plan's `changed.select` decide.
    public var select: ChangeSelectionLevel?
    /// Run each new or changed test this many more times (`--stress-new N`); nil lets the plan's
    /// `stress.new` decide.
    public var stressNew: Int?
    /// The order drawn from a seed (`--shuffle[=SEED]`); nil lets the plan's `shuffle:` decide.
    public var shuffle: PlanShuffle?
    /// Run the selection this many times (`--repeat N`); nil: once, or with `untilFailure` until it stops.
    public var repetitions: Int?
    /// `--until-failure[=DURATION]`: repeat until a test fails for good, for at most this long.
    public var untilFailure: Duration?
    /// Time for bisecting suspected victims and brittle tests after the run (`--bisect-budget`); nil: the default.
    public var bisectBudget: Duration?
    /// Queue mode (`--queue URL`, `--build`, `--machine`, `--lease-timeout`, `--queue-fallback shard`):
    /// take the tests from a queue in PostgreSQL the build's machines share; nil runs them here.
    public var queue: RunQueue.Request?
    /// Each test process runs its tests one at a time (`--no-parallel`, as `swift test --no-parallel`).
    public var noParallel = false
    /// The longest one call to PostgreSQL (the history, the queue) may take (`--postgres-timeout`);
    /// nil lets the plan's `postgresTimeout` decide, else two minutes.
    public var postgresTimeout: Duration?
    /// Hand XCTest tests out one by one (`--split-classes`); false lets the plan's `splitClasses:` decide.
    public var splitClasses = false
    /// The base the run is compared with (`--base REF`; with `--changed`, its diff's base too).
    public var base: String?
    /// The base's run from a file (`--baseline run.json|junit.xml`), rather than from the history.
    public var baselinePath: String?
    /// Which failures fail the run (`--fail-on`); nil lets the plan's `failOn:` decide.
    public var failOn: FailOn?

    /// `--until-failure` without a duration repeats for at most this long.
    public static let defaultUntilFailure = Duration.seconds(600)
    /// Without `--bisect-budget`: enough for a dozen bisections of a few hundred fast predecessors,
    /// little beside a CI job when nothing is suspected (nothing runs then).
    public static let defaultBisectBudget = Duration.seconds(120)

    /// Whether the selection runs more than once (`--repeat`, `--until-failure`).
    public var repeats: Bool { (repetitions ?? 1) > 1 || untilFailure != nil }

    public init(
        planPath: String? = nil,
        package: String? = nil,
        reportDirectory: String? = nil,
        filter: [String] = [],
        skip: [String] = [],
        skipBuild: Bool = false,
        workers: Int? = nil,
        shard: Shard? = nil,
        timingsPath: String? = nil,
        retries: Int? = nil,
        historyPath: String? = nil,
        noHistory: Bool = false,
        changed: ChangeBase? = nil,
        explain: Bool = false,
        failFast: Bool = false
    ) {
        self.planPath = planPath
        self.package = package
        self.reportDirectory = reportDirectory
        self.filter = filter
        self.skip = skip
        self.skipBuild = skipBuild
        self.workers = workers
        self.shard = shard
        self.timingsPath = timingsPath
        self.retries = retries
        self.historyPath = historyPath
        self.noHistory = noHistory
        self.changed = changed
        self.explain = explain
        self.failFast = failFast
    }
}
