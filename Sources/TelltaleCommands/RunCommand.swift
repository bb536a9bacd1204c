import ArgumentParser
import Foundation
import TelltaleChanges
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan
import TelltaleReports

/// `telltale run [PLAN]`: build, run and report a package's tests.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Build a package's tests, run them, and write JUnit and a run record.",
        discussion: """
            Exit status: 0 all tests passed (with --fail-on new: none failed that the base did not fail); 1 a test or an analytics check failed, a new test arrived flaky (--stress-new), or coverage is below the \
            plan's minimum or diffMinimum; 2 bad usage, a bad plan, no package or a missing coverage tool \
            (nothing was started); 3 the build, a test process or a service could not run, or coverage could \
            not be measured; 130 interrupted (the tests that finished are reported).
            """
    )

    @Argument(
        help:
            "A plan file (YAML). Without one, telltale.yml (or .telltale.yml) beside Package.swift of --package, said on the first line; else every test of --package runs with defaults."
    )
    var plan: String?

    @Option(help: "The Swift package to test (overrides the plan's `package`).")
    var package: String?

    @Option(name: .customLong("report-dir"), help: "Where reports go (default: the plan's reports.dir, or Reports).")
    var reportDirectory: String?

    @Option(help: "Run only tests whose id matches this regex, as `swift test --filter`. Repeatable.")
    var filter: [String] = []

    @Option(help: "Skip tests whose id matches this regex, as `swift test --skip`. Repeatable.")
    var skip: [String] = []

    @Option(help: "Run only Swift Testing tests with this tag (`network` or `.network`), a suite's tags included. Repeatable: any of them.")
    var tag: [String] = []

    @Option(name: .customLong("skip-tag"), help: "Leave out tests with this Swift Testing tag. Repeatable.")
    var skipTag: [String] = []

    @Flag(name: .customLong("skip-build"), help: "Use the existing build, as `swift test --skip-build`.")
    var skipBuild = false

    @Option(help: "Test processes to run at once (default: the plan's workers, or the number of cores).")
    var workers: Int?

    @Option(
        help: """
            Run only shard I of N (e.g. 2/4), split by past durations (history, --timings) when known, else by test id. \
            Without it, a parallel CI job's own variables choose the shard: GitLab's CI_NODE_INDEX/CI_NODE_TOTAL, \
            Buildkite's BUILDKITE_PARALLEL_JOB/_COUNT, CircleCI's CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL.
            """)
    var shard: Shard?

    @Option(
        help:
            "A run.json or JUnit file from an earlier run: its durations balance the shards, and workers take the longest tests first (added to the history's)."
    )
    var timings: String?

    @Option(help: HistoryOption.help)
    var history: String?

    @Flag(name: .customLong("no-history"), help: "Neither read nor record the run history.")
    var noHistory = false

    @Option(name: .customLong("postgres-timeout"), help: PostgresTimeoutOption.help)
    var postgresTimeout: Double?

    @Flag(
        help: ArgumentHelp(
            "Run only the test targets that the changes since a base can affect (committed, staged, unstaged and untracked).",
            discussion: "The base: --changed=BASE or --base BASE; without one, the merge-base with the branch's upstream, else HEAD."))
    /// `--changed=BASE` arrives here as `--changed --base BASE` (`TelltaleCommand.expandingChangedBase`).
    var changed = false

    @Flag(help: "With --changed: print why each test target (with --select tests: each test) runs.")
    var explain = false

    @Option(
        help: ArgumentHelp(
            "With --changed: select by test target (targets), or by the tests that executed a changed line (tests), from the coverage map in the history.",
            discussion: "Default: the plan's `changed: { select: }`, else targets. Where the map cannot judge a change, its targets are selected.",
            valueName: "level"))
    var select: ChangeSelectionLevel?

    @Option(
        help: ArgumentHelp(
            "Test this commit, not the working tree: in place when the working tree holds it exactly, else in Telltale's own worktree under the git directory (kept warm between runs).",
            valueName: "commit"))
    var commit: String?

    @Flag(help: "Fail (exit 2, before anything runs) when an expectation selects no test of the package, rather than warn.")
    var strict = false

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first test that still fails after its retries; report what ran (exit 1).")
    var failFast = false

    @Option(help: "Run a failing test again up to N times; one that then passes is reported flaky.")
    var retries: Int?

    @Option(
        name: .customLong("stress-new"),
        help: ArgumentHelp(
            "Run each new test (one the history has not seen pass) and, with --changed, each test of a changed test file N more times; one whose runs differ is flaky on arrival and fails the run (default: the plan's stress.new).",
            discussion: "The plan's `stress: { onFlaky: report }` reports it without failing the run.",
            valueName: "N"))
    var stressNew: Int?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Hand out tests in an order drawn from a seed: which tests share a process, and the order batches go in (the seed is printed first; --shuffle=SEED repeats an order).",
            discussion: "Default: the plan's `shuffle:`. Inside a process the framework orders the tests (Docs/Flaky.md)."))
    /// Nil when neither `--shuffle` nor `--no-shuffle` is given: the plan's `shuffle:` decides.
    var shuffle: Bool?

    @Option(help: ArgumentHelp("The seed of --shuffle (--shuffle=SEED says the same).", valueName: "seed"))
    /// Also where `--shuffle=SEED` puts its seed (`TelltaleCommand.expandingChangedBase`).
    var seed: Int?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run the selection N times, each with the next seed when shuffled; every test's failure rate is reported.", valueName: "N"))
    var repetitions: Int?

    @Flag(
        name: .customLong("until-failure"),
        help: ArgumentHelp(
            "Repeat the selection until a test fails for good, for at most --until-failure=DURATION (default 10m; with --repeat N, at most N times)."
        ))
    var untilFailure = false

    @Option(name: .customLong("until-failure-budget"), help: .hidden)
    /// Where `--until-failure=DURATION` puts its duration (`TelltaleCommand.expandingChangedBase`):
    /// ArgumentParser has no flag with an optional value, so a flag and this hidden option stand for one.
    var untilFailureBudget: String?

    @Option(
        name: .customLong("bisect-budget"),
        help: ArgumentHelp(
            "Time to bisect, after the run, the tests that failed after others and passed alone (or the reverse), to find the tests they depend on; 0 turns it off (default 2m).",
            valueName: "duration"))
    var bisectBudget: String?

    @Flag(name: .customLong("no-parallel"), help: "Run each test process's tests one at a time, as `swift test --no-parallel`.")
    var noParallel = false

    @Flag(
        name: .customLong("split-classes"),
        help:
            "Hand an XCTest class's tests out one by one, as `swift test --parallel` does, not each class whole in its order as `swift test` and Xcode run it (default: the plan's `splitClasses:`)."
    )
    /// A flag with no `--no-` form: false leaves it to the plan's `splitClasses:`, so a plan that
    /// splits classes is not turned back from here.
    var splitClasses = false

    @Option(
        help: ArgumentHelp(
            "How test processes start: direct (the test executable itself, on Linux), darwin (the .xctest bundle through xcrun xctest and swiftpm-testing-helper, as SwiftPM does on macOS) or swiftpm (swift test --skip-build, anywhere SwiftPM runs).",
            discussion: "Default: chosen by the built test product; TELLTALE_LAUNCHER sets another default.",
            valueName: "launcher"))
    var launcher: LauncherKind?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Measure code coverage: coverage.lcov, coverage.xml, the HTML's Coverage section (default: the plan's `coverage:`).",
            discussion: "Builds with --enable-code-coverage; every test process writes its own profile, merged once at the end."))
    /// Nil when neither `--coverage` nor `--no-coverage` is given: the plan decides, unless
    /// `--coverage-base` asks for coverage.
    var coverage: Bool?

    @Option(
        name: .customLong("coverage-base"),
        help: "Diff coverage from this commit, branch or tag (its merge-base with HEAD); default: --changed's base, or a CI merge request's.")
    var coverageBase: String?

    @Flag(
        name: .customLong("coverage-map"),
        help: ArgumentHelp(
            "Record what each test executed (a coverage run with every test in its own process), for --changed --select tests.",
            discussion: "Kept in the history and as coverage-map.bin in the report folder; meant for a nightly or main-branch CI job."))
    var coverageMap = false

    @OptionGroup(title: "Against the base of the change") var comparison: ComparisonOptions

    @OptionGroup var annotations: AnnotationsOptions

    /// Checked in `validate()` with `QueueOptions.validate(shard:repeats:)`: its rules depend on
    /// options outside the group.
    @OptionGroup(title: "Queue mode") var queueOptions: QueueOptions

    /// `--launcher`, else `TELLTALE_LAUNCHER`, else nil (automatic).
    func chosenLauncher() throws -> LauncherKind? {
        if let launcher { return launcher }
        guard let value = ProcessInfo.processInfo.environment["TELLTALE_LAUNCHER"], !value.isEmpty else { return nil }
        // A bad value is a usage error like a bad `--launcher`, not a quiet fall-back to automatic.
        guard let kind = LauncherKind(rawValue: value) else {
            throw ValidationError("TELLTALE_LAUNCHER=\(value): expected direct, darwin or swiftpm")
        }
        return kind
    }

    /// The rules between options, checked by the parser before anything starts, so a mistake is
    /// exit 2 with the usage text (`TelltaleCommand.runAsRoot`) rather than a failed build later.
    func validate() throws {
        // `darwin` off macOS: refused now, not when the first test process would start.
        if let kind = try chosenLauncher(), let reason = kind.unavailableReason {
            throw ValidationError("--launcher \(kind): \(reason)")
        }
        // Zero retries or stress runs is allowed: it overrides the plan's with none.
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
        if let retries, retries < 0 { throw ValidationError("--retries must be 0 or more") }
        if let stressNew, stressNew < 0 { throw ValidationError("--stress-new must be 0 or more") }
        // A history URL that cannot be used is exit 2 now, not a warning once the tests have run.
        try HistoryOption.validate(history, noHistory: noHistory)
        try PostgresTimeoutOption.validate(postgresTimeout)
        // Options that only mean something beside another are refused alone, not silently ignored.
        if explain, !changed { throw ValidationError("--explain goes with --changed") }
        if coverageBase != nil, coverage == false { throw ValidationError("--coverage-base goes with coverage, not --no-coverage") }
        if select != nil, !changed { throw ValidationError("--select goes with --changed") }
        if coverageMap, coverage == false { throw ValidationError("--coverage-map is a coverage run: drop --no-coverage") }
        if seed != nil, shuffle == false { throw ValidationError("--seed goes with --shuffle, not --no-shuffle") }
        // The seed is kept in run.json, whose numbers are doubles: above 2^53 − 1 it would not read
        // back the same, and the order could not be repeated.
        if let seed, !(0...ShuffleGenerator.largestSeed).contains(seed) {
            throw ValidationError("--shuffle=\(seed): a seed is a whole number from 0 to \(ShuffleGenerator.largestSeed)")
        }
        if let repetitions, repetitions < 1 { throw ValidationError("--repeat must be at least 1") }
        if (repetitions ?? 1) > 1 || untilFailure, (stressNew ?? 0) > 0 {
            throw ValidationError("--stress-new runs new tests more times itself: use it without --repeat and --until-failure")
        }
        // For its errors only: `run()` parses the durations again for their values.
        _ = try durations()
        try queueOptions.validate(shard: shard, repeats: (repetitions ?? 1) > 1 || untilFailure)
    }

    /// `--until-failure`'s and `--bisect-budget`'s durations, as plans write them (`90s`, `10m`).
    func durations() throws -> (untilFailure: Duration?, bisectBudget: Duration?) {
        func parse(_ text: String, _ option: String) throws -> Duration {
            // A bare 0 needs no unit: it is how `--bisect-budget 0` turns bisection off.
            if text.trimmingCharacters(in: .whitespaces) == "0" { return .zero }
            guard let duration = DurationParser.parse(text) else {
                throw ValidationError("\(option)=\(text): use a number with a unit: 90s, 10m, 1h (or 0)")
            }
            return duration
        }
        if untilFailureBudget != nil, !untilFailure { throw ValidationError("--until-failure-budget goes with --until-failure") }
        // `--until-failure` alone repeats for `RunOptions.defaultUntilFailure` (ten minutes); nil
        // without it. Without `--bisect-budget`, nil: the default budget.
        let until = untilFailure ? try untilFailureBudget.map { try parse($0, "--until-failure") } ?? RunOptions.defaultUntilFailure : nil
        return (until, try bisectBudget.map { try parse($0, "--bisect-budget") })
    }

    /// Turns the options into `RunOptions` and hands the run to `RunOrchestrator`. What is printed,
    /// and the status, come from the `RunSummary` it returns or the `OrchestratorError` it throws.
    func run() async throws {
        var shard = self.shard
        // In queue mode the queue splits the tests; a CI shard is only its fallback.
        if shard == nil, queueOptions.queue == nil {
            // A job of a parallel CI matrix runs its part without a flag.
            do {
                if let detected = try CIShardEnvironment.detect(ProcessInfo.processInfo.environment) {
                    shard = detected.shard
                    Console.diagnostics("shard \(detected.shard), from \(detected.source) (--shard overrides it)")
                }
            } catch {
                // CI variables that are set but make no shard: exit 2, as a bad `--shard` is.
                Console.error(error.description)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }
        // What the command line says; a nil (or false flag) lets the plan decide (`RunOptions`).
        var options = RunOptions(
            planPath: plan,
            package: package,
            reportDirectory: reportDirectory,
            filter: filter,
            skip: skip,
            skipBuild: skipBuild,
            workers: workers,
            shard: shard,
            timingsPath: timings,
            retries: retries,
            historyPath: history,
            noHistory: noHistory,
            // `--base` is also the change's base; without it, the merge-base with the upstream.
            changed: changed ? (comparison.base.map(ChangeBase.named) ?? .upstream) : nil,
            explain: explain,
            failFast: failFast
        )
        options.tags = tag
        options.skipTags = skipTag
        options.launcher = try chosenLauncher()
        options.commit = commit
        options.strict = strict
        // `--coverage-base` implies coverage; with `--no-coverage` it was refused in `validate()`.
        options.coverage = coverage ?? (coverageBase != nil ? true : nil)
        options.coverageBase = coverageBase
        // A flag with no `--no-` form: not given leaves it to the plan's `coverage.map`.
        options.coverageMap = coverageMap ? true : nil
        options.select = select
        options.stressNew = stressNew
        // `--no-shuffle` wins; a seed (`--seed`, or `--shuffle=SEED` expanded) fixes the order;
        // `--shuffle` alone draws a seed; neither leaves it to the plan.
        options.shuffle = shuffle == false ? .off : seed.map(PlanShuffle.seed) ?? (shuffle == true ? .random : nil)
        options.repetitions = repetitions
        (options.untilFailure, options.bisectBudget) = try durations()
        options.noParallel = noParallel
        options.postgresTimeout = PostgresTimeoutOption.duration(postgresTimeout)
        options.splitClasses = splitClasses
        options.base = comparison.base
        options.baselinePath = comparison.baseline
        options.failOn = comparison.failOn
        // Queue mode: the queue hands the tests out, so no static shard narrows them; `--shard` (or
        // the CI's) lives on only as the request's fallback.
        if let request = queueOptions.request(shard: shard) {
            options.queue = request
            options.shard = nil
        }
        // A live line on a terminal; plain lines under CI or when stderr is not a terminal.
        let progress = ConsoleProgress(style: ConsoleProgress.automaticStyle())
        let orchestrator = RunOrchestrator(options: options, progress: progress)
        do {
            // The first SIGINT or SIGTERM asks `orchestrator.stop` for an orderly stop (what finished is
            // reported, then `.interrupted` is thrown); a second one cancels the run outright.
            let summary = try await SignalCancellation.run(stoppingFirst: orchestrator.stop) { try await orchestrator.run() }
            let totals = summary.record.totals
            // Stdout after the run: CI annotations, the reports' paths, flaky findings, coverage, and the
            // totals line last.
            annotations.print(
                summary.record,
                context: ReportContext(
                    generatedAt: Date(), toolVersion: RunOrchestrator.version,
                    sourceRoot: FileManager.default.currentDirectoryPath, reportDirectory: summary.reportDirectory
                ))
            print("reports: \(ReportDirectory(path: summary.reportDirectory).listing())")
            FlakyConsole.print(summary.record)
            CoverageConsole.print(summary.record)
            print(totals.summaryLine)
            // Thrown for 0 too: an `ExitCode` is how a command sets its status, and the orchestrator has
            // chosen it (`RunSummary.exitCode`).
            throw ExitCode(summary.exitCode)
        } catch let error as OrchestratorError {
            // Ends a live progress line, so the message starts on a line of its own.
            await progress.finish()
            // These three come after tests ran and were reported: the totals still say what ran.
            if case .interrupted(let summary) = error {
                print(summary.record.totals.summaryLine)
            }
            if case .stoppedByService(_, let summary) = error {
                print(summary.record.totals.summaryLine)
            }
            if case .coverageFailed(_, let summary) = error {
                print(summary.record.totals.summaryLine)
            }
            // A bad plan's problems are `file:line:column: error: …` lines already, printed as they are.
            if case .badPlan(let planError) = error {
                Console.diagnostics(planError.errorDescription ?? "\(planError)")
            } else {
                Console.error(error.localizedDescription)
            }
            // 2 for a bad plan, option or package or nothing selected; 3 for the build, a service, the
            // reports or coverage; 130 when interrupted (`OrchestratorError.exitCode`).
            throw ExitCode(error.exitCode)
        }
    }
}
