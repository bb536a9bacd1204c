/// Coverage of a change: the executable lines it added or modified since its base, and
/// which of them ran. The question a reviewer asks first.
package struct DiffCoverage: Codable, Sendable, Hashable {
    /// The base as people read it: `origin/main (merge-base 1a2b3c4d)`.
    package var base: String
    /// Changed lines that are executable, and how many of them ran.
    package var lines: CoverageCount
    /// Changed files with executable changed lines, the most uncovered lines first.
    package var files: [DiffCoverageFile]

    package init(base: String, lines: CoverageCount, files: [DiffCoverageFile]) {
        self.base = base
        self.lines = lines
        self.files = files
    }

    /// `diff coverage 17/20, 85.0%`, or that the change has no executable line.
    package var summaryLine: String {
        lines.total == 0
            ? "diff coverage: the change has no executable line (since \(base))"
            : "diff coverage \(lines.covered)/\(lines.total), \(lines.percentText) (since \(base))"
    }
}

/// One changed file: its changed executable lines, and those no test ran, as ranges.
package struct DiffCoverageFile: Codable, Sendable, Hashable {
    /// Relative to the package, as in `CoverageSummary.files`.
    package var path: String
    package var lines: CoverageCount
    package var uncovered: [LineRange]

    package init(path: String, lines: CoverageCount, uncovered: [LineRange]) {
        self.path = path
        self.lines = lines
        self.uncovered = uncovered
    }
}
