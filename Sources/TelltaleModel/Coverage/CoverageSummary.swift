/// A run's code coverage, as `run.json` keeps it (`coverage`): totals per run, target and
/// file, the change's coverage, and the verdict of the plan's thresholds. The line-by-line
/// data it is computed from is kept beside it (`coverage.json`, `TelltaleCoverage`).
package struct CoverageSummary: Codable, Sendable, Hashable {
    /// The package's folder when the run measured it: file paths are relative to it.
    package var root: String
    /// The package's folder inside its git repository (`""` at the top, `Examples/App`), for
    /// review tools that want paths from the repository's top; nil outside git.
    package var repositoryPrefix: String?
    package var lines: CoverageCount
    package var functions: CoverageCount
    /// Nil when llvm-cov measured no branch (Swift code has none; C code does).
    package var branches: CoverageCount?
    /// The package's targets that have measured files, by name.
    package var targets: [CoverageTargetSummary]
    /// Every measured file, by path.
    package var files: [CoverageFileSummary]
    /// Set when the run had a base to compare with (`--coverage-base`, `--changed`, a CI merge request).
    package var diff: DiffCoverage?
    package var thresholds: CoverageThresholds
    /// Figures below their threshold; empty when the gate passes.
    package var gateFailures: [CoverageGateFailure]
    /// Set when the run selected some of the plan's tests: the total is not judged against `minimum`.
    package var subset: CoverageSubset?
    /// The test processes whose counts are missing from every figure; nil when none are. A
    /// threshold then fails the gate (`CoverageGateFailure.Figure.incomplete`) rather than judge
    /// a partial total.
    package var gaps: [CoverageGap]?

    package init(
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
    package var minimumNotApplied: String? {
        guard let subset, let minimum = thresholds.minimum else { return nil }
        return subset.minimumNote(minimum)
    }

    /// A path relative to the package, as the repository names it (review tools want that).
    package func repositoryPath(_ path: String) -> String {
        guard let prefix = repositoryPrefix, !prefix.isEmpty else { return path }
        return prefix + "/" + path
    }

    /// The absolute path of a measured file.
    package func absolutePath(_ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }

    /// `line coverage 85.0% (170/200), diff coverage 17/20, 85.0%`: the run's last stdout lines say it.
    package var summaryLine: String {
        var text = "line coverage \(lines.percentText) (\(lines.covered)/\(lines.total))"
        if let diff { text += ", " + (diff.lines.total == 0 ? "no executable line changed" : "diff coverage \(diff.lines.description)") }
        if let gaps { text += " (incomplete: \(gaps.count) test process\(gaps.count == 1 ? "" : "es") left no readable profile)" }
        return text
    }
}

/// One target's totals.
package struct CoverageTargetSummary: Codable, Sendable, Hashable {
    package var name: String
    package var lines: CoverageCount
    package var functions: CoverageCount

    package init(name: String, lines: CoverageCount, functions: CoverageCount) {
        self.name = name
        self.lines = lines
        self.functions = functions
    }
}

/// One file's totals.
package struct CoverageFileSummary: Codable, Sendable, Hashable {
    /// Relative to the package.
    package var path: String
    /// The target that owns it; nil for a file outside every target (an `include` glob's).
    package var target: String?
    package var lines: CoverageCount
    package var functions: CoverageCount

    package init(path: String, target: String?, lines: CoverageCount, functions: CoverageCount) {
        self.path = path
        self.target = target
        self.lines = lines
        self.functions = functions
    }
}
