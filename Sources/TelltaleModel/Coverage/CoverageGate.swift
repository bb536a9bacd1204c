/// The plan's coverage thresholds (`coverage: { minimum, diffMinimum }`), in percent.
package struct CoverageThresholds: Codable, Sendable, Hashable {
    /// The run fails when its total line coverage is below this.
    package var minimum: Double?
    /// The run fails when its diff coverage is below this; a change with no executable line passes.
    package var diffMinimum: Double?

    package init(minimum: Double? = nil, diffMinimum: Double? = nil) {
        self.minimum = minimum
        self.diffMinimum = diffMinimum
    }

    package var isEmpty: Bool { minimum == nil && diffMinimum == nil }
}

/// A coverage figure below its threshold: the run fails (exit 1) with `message`.
package struct CoverageGateFailure: Codable, Sendable, Hashable {
    package enum Figure: String, Codable, Sendable {
        /// Total line coverage against `minimum`.
        case total
        /// Diff coverage against `diffMinimum`.
        case diff
        /// A threshold that cannot be judged: some test processes' counts are missing
        /// (`CoverageSummary.gaps`, named in `worstFiles`), so `covered` is only a lower bound.
        case incomplete
    }

    package var figure: Figure
    package var covered: CoverageCount
    package var threshold: Double
    /// The files that pull the figure down most (most uncovered lines first), with their counts.
    package var worstFiles: [String]

    package init(figure: Figure, covered: CoverageCount, threshold: Double, worstFiles: [String]) {
        self.figure = figure
        self.covered = covered
        self.threshold = threshold
        self.worstFiles = worstFiles
    }

    /// `line coverage 61.2% (612/1000) is below the minimum of 80%; worst files: …`.
    package var message: String {
        let threshold = threshold.rounded() == threshold ? String(Int(threshold)) : String(threshold)
        if figure == .incomplete {
            return "coverage is incomplete, so it fails its thresholds rather than be judged on a partial total "
                + "(line coverage at least \(covered.percentText), \(covered.covered)/\(covered.total) lines): " + worstFiles.joined(separator: "; ")
        }
        let name = figure == .total ? "line coverage" : "diff coverage"
        let key = figure == .total ? "minimum" : "diffMinimum"
        var text = "\(name) \(covered.percentText) (\(covered.covered)/\(covered.total) lines) is below the \(key) of \(threshold)%"
        if !worstFiles.isEmpty { text += "; worst files: " + worstFiles.joined(separator: ", ") }
        return text
    }
}
