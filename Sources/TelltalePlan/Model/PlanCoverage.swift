/// `coverage:` in a plan: measure code coverage, which files, and the thresholds that fail a run.
public struct PlanCoverage: Sendable, Equatable {
    /// `coverage: true`, or any mapping; `--coverage`/`--no-coverage` override it.
    public var enabled: Bool
    /// Globs over paths relative to the package that replace the default choice (its non-test targets).
    public var include: [String]
    /// Globs of files to leave out.
    public var exclude: [String]
    /// Total line coverage, in percent, below which the run fails.
    public var minimum: Double?
    /// Diff coverage, in percent, below which the run fails.
    public var diffMinimum: Double?
    /// `map: true` (or `--coverage-map`): record what each test executed, for `--changed`'s
    /// test-level selection; every test then runs in a process of its own.
    public var map: Bool

    public init(
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
