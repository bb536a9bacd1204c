/// A run's code coverage, as `run.json` keeps it (`coverage`): totals per run, target and
/// file, the change's coverage, and the verdict of the plan's thresholds. The line-by-line
/// data it is computed from is kept beside it (`coverage.json`, `TelltaleCoverage`).
public struct CoverageSummary: Codable, Sendable, Hashable {
    /// The package's folder when the run measured it: file paths are relative to it.
    public var root: String
    /// The package's folder inside its git repository (`""` at the top, `Examples/App`), for
    /// review tools that want paths from the repository's top; nil outside git.
    public var repositoryPrefix: String?
    public var lines: CoverageCount
    public var functions: CoverageCount
    /// Nil when llvm-cov measured no branch (Swift code has none; C code does).
    public var branches: CoverageCount?
    /// The package's targets that have measured files, by name.
    public var targets: [CoverageTargetSummary]
    /// Every measured file, by path.
    public var files: [CoverageFileSummary]
    /// Set when the run had a base to compare with (`--coverage-base`, `--changed`, a CI merge request).
    public var diff: DiffCoverage?
    public var thresholds: CoverageThresholds
    /// Figures below their threshold; empty when the gate passes.
    public var gateFailures: [CoverageGateFailure]
    /// Set when the run selected some of the plan's tests: the total is not judged against `minimum`.
    public var subset: CoverageSubset?
    /// The test processes whose counts are missing from every figure; nil when none are. A
    /// threshold then fails the gate (`CoverageGateFailure.Figure.incomplete`) rather than judge
    /// a partial total.
    public var gaps: [CoverageGap]?

    public init(
        root: String, repositoryPrefix: String? = nil, lines: CoverageCount, functions: CoverageCount, branches: CoverageCount? = nil,
        targets: [CoverageTargetSummary] = [], files: [CoverageFileSummary] = [], diff: DiffCoverage? = nil,
        thresholds: CoverageThresholds = CoverageThresholds(), gateFailures: [CoverageGateFailure] = [], subset: CoverageSubset? = nil,
        gaps: [CoverageGap]? = nil
    ) {
        self.root = root
        self.repositoryPrefix = repositoryPrefix
        self.lines = lines
        self.functions = functions
        self.branches = branches
        self.targets = targets
        self.files = files
        self.diff = diff
        self.thresholds = thresholds
        self.gateFailures = gateFailures
        self.subset = subset
        self.gaps = gaps
    }

    /// Why the total was not judged against `minimum` (a run of some of the plan's tests); nil
    /// when it was, or when the plan sets no minimum.
    public var minimumNotApplied: String? {
        guard let subset, let minimum = thresholds.minimum else { return nil }
        return subset.minimumNote(minimum)
    }

    /// A path relative to the package, as the repository names it (review tools want that).
    public func repositoryPath(_ path: String) -> String {
        guard let prefix = repositoryPrefix, !prefix.isEmpty else { return path }
        return prefix + "/" + path
    }

    /// The absolute path of a measured file.
    public func absolutePath(_ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }

    /// `line coverage 85.0% (170/200), diff coverage 17/20, 85.0%`: the run's last stdout lines say it.
    public var summaryLine: String {
        var text = "line coverage \(lines.percentText) (\(lines.covered)/\(lines.total))"
        if let diff { text += ", " + (diff.lines.total == 0 ? "no executable line changed" : "diff coverage \(diff.lines.description)") }
        if let gaps { text += " (incomplete: \(gaps.count) test process\(gaps.count == 1 ? "" : "es") left no readable profile)" }
        return text
    }
}

/// One target's totals.
public struct CoverageTargetSummary: Codable, Sendable, Hashable {
    public var name: String
    public var lines: CoverageCount
    public var functions: CoverageCount

    public init(name: String, lines: CoverageCount, functions: CoverageCount) {
        self.name = name
        self.lines = lines
        self.functions = functions
    }
}

/// One file's totals.
public struct CoverageFileSummary: Codable, Sendable, Hashable {
    /// Relative to the package.
    public var path: String
    /// The target that owns it; nil for a file outside every target (an `include` glob's).
    public var target: String?
    public var lines: CoverageCount
    public var functions: CoverageCount

    public init(path: String, target: String?, lines: CoverageCount, functions: CoverageCount) {
        self.path = path
        self.target = target
        self.lines = lines
        self.functions = functions
    }
}
