import TelltaleChanges
import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// Which launcher starts test processes (`--launcher`); the commands see it through here.
package typealias LauncherKind = TelltaleRunner.LauncherKind

/// What `telltale run` was asked to do, after argument parsing.
package struct RunOptions: Sendable {
    /// The plan file; nil uses `telltale.yml` beside the package's `Package.swift` (`PlanDiscovery`),
    /// else runs the package with defaults.
    package var planPath: String?
    /// Overrides the plan's `package`.
    package var package: String?
    /// Overrides the plan's `reports.dir`.
    package var reportDirectory: String?
    /// Added to the plan's filters and skips, as `swift test --filter/--skip`.
    package var filter: [String]
    package var skip: [String]
    /// Added to the plan's `tags` and `skipTags`: Swift Testing tags to run, and to leave out.
    package var tags: [String] = []
    package var skipTags: [String] = []
    /// Use the existing build, as `swift test --skip-build`.
    package var skipBuild: Bool
    /// Parallel test processes (overrides the plan's `workers`; default: the number of cores).
    package var workers: Int?
    /// Run only this CI shard of the selected tests.
    package var shard: Shard?
    /// Past durations (run.json or JUnit) to balance shards by.
    package var timingsPath: String?
    /// Retries for failing tests (overrides the plan's and its suites').
    package var retries: Int?
    /// The history, a file or a PostgreSQL URL (overrides `TELLTALE_HISTORY_URL` and the plan's `history:`).
    package var historyPath: String?
    /// Neither read nor record history.
    package var noHistory: Bool
    /// Run only the test targets a change since this base can affect (`--changed [BASE]`).
    package var changed: ChangeBase?
    /// Print why each test target runs.
    package var explain: Bool
    /// Stop at the first test that fails for good (after its retries), and report what ran.
    package var failFast: Bool
    /// How test processes are started; nil chooses by the built test product.
    package var launcher: LauncherKind?
    /// An expectation that selects no listed test is an error, not a warning (`--strict`).
    package var strict = false
    /// Test this commit rather than the working tree (`--commit`; the pre-push hook's way).
    package var commit: String?
    /// The package beside which the history is kept when the plan keeps it there: the user's
    /// own, when `--commit` runs in Telltale's worktree. Nil: the plan's package.
    package var historyPackage: String?
    /// Measure code coverage (`--coverage`/`--no-coverage`); nil lets the plan's `coverage:` decide.
    package var coverage: Bool?
    /// The commit, branch or tag diff coverage compares with (`--coverage-base`); nil takes
    /// `--changed`'s base, or a CI merge request's.
    package var coverageBase: String?
    /// Record what each test executed (`--coverage-map`); nil lets the plan's `coverage.map` decide.
    package var coverageMap: Bool?
    /// What `--changed` selects by (`--select`); nil lets the plan's `changed.select` decide.
    package var select: ChangeSelectionLevel?
    /// Run each new or changed test this many more times (`--stress-new N`); nil lets the plan's
    /// `stress.new` decide.
    package var stressNew: Int?
    /// The order drawn from a seed (`--shuffle[=SEED]`); nil lets the plan's `shuffle:` decide.
    package var shuffle: PlanShuffle?
    /// Run the selection this many times (`--repeat N`); nil: once, or with `untilFailure` until it stops.
    package var repetitions: Int?
    /// `--until-failure[=DURATION]`: repeat until a test fails for good, for at most this long.
    package var untilFailure: Duration?
    /// Time for bisecting suspected victims and brittle tests after the run (`--bisect-budget`); nil: the default.
    package var bisectBudget: Duration?
    /// Queue mode (`--queue URL`, `--build`, `--machine`, `--lease-timeout`, `--queue-fallback shard`):
    /// take the tests from a queue in PostgreSQL the build's machines share; nil runs them here.
    package var queue: RunQueue.Request?
    /// Each test process runs its tests one at a time (`--no-parallel`, as `swift test --no-parallel`).
    package var noParallel = false
    /// The longest one call to PostgreSQL (the history, the queue) may take (`--postgres-timeout`);
    /// nil lets the plan's `postgresTimeout` decide, else two minutes.
    package var postgresTimeout: Duration?
    /// Hand XCTest tests out one by one (`--split-classes`); false lets the plan's `splitClasses:` decide.
    package var splitClasses = false
    /// The base the run is compared with (`--base REF`; with `--changed`, its diff's base too).
    package var base: String?
    /// The base's run from a file (`--baseline run.json|junit.xml`), rather than from the history.
    package var baselinePath: String?
    /// Which failures fail the run (`--fail-on`); nil lets the plan's `failOn:` decide.
    package var failOn: FailOn?

    /// `--until-failure` without a duration repeats for at most this long.
    package static let defaultUntilFailure = Duration.seconds(600)
    /// Without `--bisect-budget`: enough for a dozen bisections of a few hundred fast predecessors,
    /// little beside a CI job when nothing is suspected (nothing runs then).
    package static let defaultBisectBudget = Duration.seconds(120)

    /// Whether the selection runs more than once (`--repeat`, `--until-failure`).
    package var repeats: Bool { (repetitions ?? 1) > 1 || untilFailure != nil }

    package init(
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
