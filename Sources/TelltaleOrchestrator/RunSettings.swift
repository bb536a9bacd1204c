import Foundation
import TelltaleModel
import TelltalePlan
import TelltalePostgres

/// What a run does where the command line, the environment and the plan could each decide it,
/// resolved once, before anything starts, by `resolve(_:plan:environment:)`. Every step after
/// reads these and never weighs a flag against a plan key itself, so each precedence rule is
/// written once, here (`RunSettingsTests` holds them as a table).
///
/// The rule, unless a setting says otherwise: a flag beats the environment, which beats the
/// plan, which beats the default. A flag that only turns something on (`--split-classes`,
/// `--strict`) adds to the plan's `true`.
package struct RunSettings: Sendable, Equatable {
    /// Test processes at once (`--workers`, else the plan's `workers`); nil: one a core.
    package var workers: Int?
    /// `--retries`, which beats the plan's `retries` and every suite's; nil: theirs.
    package var retriesOverride: Int?
    /// An expectation that selects no listed test is an error (`--strict` or the plan's `strict`).
    package var strict: Bool
    /// Measure coverage: `--coverage`/`--no-coverage`, else the plan's `coverage:`; a coverage
    /// map (`--coverage-map` or `coverage.map`) is a coverage run, so it turns coverage on
    /// unless `--no-coverage` says otherwise.
    package var coverage: Bool
    /// Record what each test executed: `--coverage-map`, else `coverage.map`; never without coverage.
    package var coverageMap: Bool
    /// What `--changed` selects by: `--select`, else the plan's `changed.select`.
    package var select: ChangeSelectionLevel
    /// More runs of each new or changed test: `--stress-new`, else the plan's `stress.new`.
    package var stressNew: Int
    /// The order's seed: `--shuffle[=SEED]`/`--no-shuffle`, else the plan's `shuffle:`.
    package var shuffle: PlanShuffle
    /// XCTest tests handed out one by one (`--split-classes` or the plan's `splitClasses:`).
    package var splitClasses: Bool
    /// Which failures fail the run: `--fail-on`, else the plan's `failOn:`.
    package var failOn: FailOn
    /// The longest one PostgreSQL call may take: `--postgres-timeout`, else the plan's
    /// `postgresTimeout`, else two minutes.
    package var postgresTimeout: Duration
    /// Where reports go: `--report-dir`, else the plan's `reports.dir`.
    package var reportDirectory: String
    /// The history, a file or a PostgreSQL URL; nil keeps none (`RunHistory.value` has the rule:
    /// `--no-history`, `--history`, `history: false`, `TELLTALE_HISTORY_URL`, the plan's, beside
    /// the package).
    package var history: String?
    /// Time for bisecting suspected victims after the run: `--bisect-budget`, else two minutes.
    package var bisectBudget: Duration

    /// The settings of a run of `plan` (its package already `--package`'s) with `options`.
    package static func resolve(
        _ options: RunOptions, plan: Plan, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RunSettings {
        let coverage = options.coverage ?? (plan.coverage.enabled || plan.coverage.map || options.coverageMap == true)
        return RunSettings(
            workers: options.workers ?? plan.workers,
            retriesOverride: options.retries,
            strict: options.strict || plan.strict,
            coverage: coverage,
            coverageMap: coverage && (options.coverageMap ?? plan.coverage.map),
            select: options.select ?? plan.changed.select,
            stressNew: options.stressNew ?? plan.stress.new,
            shuffle: options.shuffle ?? plan.shuffle,
            splitClasses: options.splitClasses || plan.splitClasses,
            failOn: options.failOn ?? plan.failOn,
            postgresTimeout: options.postgresTimeout ?? plan.postgresTimeout ?? PostgresConnector.defaultCallTimeout,
            reportDirectory: options.reportDirectory ?? plan.reports.dir,
            history: RunHistory.value(
                history: plan.history, option: options.historyPath, noHistory: options.noHistory,
                package: options.historyPackage ?? plan.package, environment: environment),
            bisectBudget: options.bisectBudget ?? RunOptions.defaultBisectBudget
        )
    }

    /// The worker count for `tests` tests on this machine: `workers`, else one a core.
    func workerCount(for tests: Int) -> Int {
        min(workers ?? ProcessInfo.processInfo.activeProcessorCount, tests)
    }
}
