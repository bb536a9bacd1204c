/// `coverage:` in a plan: measure code coverage, which files, and the thresholds that fail a run.
package struct PlanCoverage: Sendable, Equatable {
    /// `coverage: true`, or any mapping; `--coverage`/`--no-coverage` override it.
    package var enabled: Bool
    /// Globs over paths relative to the package that replace the default choice (its non-test targets).
    package var include: [String]
    /// Globs of files to leave out.
    package var exclude: [String]
    /// Total line coverage, in percent, below which the run fails.
    package var minimum: Double?
    /// Diff coverage, in percent, below which the run fails.
    package var diffMinimum: Double?
    /// `map: true` (or `--coverage-map`): record what each test executed, for `--changed`'s
    /// test-level selection; every test then runs in a process of its own.
    package var map: Bool

    package init(
        enabled: Bool = false, include: [String] = [], exclude: [String] = [], minimum: Double? = nil, diffMinimum: Double? = nil,
        map: Bool = false
    ) {
        self.enabled = enabled
        self.include = include
        self.exclude = exclude
        self.minimum = minimum
        self.diffMinimum = diffMinimum
        self.map = map
    }
}
