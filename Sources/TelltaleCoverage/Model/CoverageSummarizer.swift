import TelltaleModel

/// `run.json`'s `coverage` from the line-by-line data: totals per run, target and file, the
/// change's coverage when the data has a base, and the gate's verdict on the plan's thresholds.
package enum CoverageSummarizer {
    /// How many of the worst files a gate failure names.
    package static let worstFileCount = 3

    /// The totals of `data` per run, target and file, its diff coverage, and the gate's failures.
    package static func summarize(_ data: LineCoverage) -> CoverageSummary {
        var lines = CoverageCount()
        var functions = CoverageCount()
        var branches = CoverageCount()
        var targets: [String: (lines: CoverageCount, functions: CoverageCount)] = [:]
        var files: [CoverageFileSummary] = []
        for file in data.files {
            let fileLines = file.lineCount
            let fileFunctions = file.functionCount
            lines += fileLines
            functions += fileFunctions
            branches += file.branchCount
            // A file no target owns (an `include` glob's) counts in the totals only.
            if let target = file.target {
                targets[target, default: (CoverageCount(), CoverageCount())].lines += fileLines
                targets[target, default: (CoverageCount(), CoverageCount())].functions += fileFunctions
            }
            files.append(CoverageFileSummary(path: file.path, target: file.target, lines: fileLines, functions: fileFunctions))
        }
        var summary = CoverageSummary(
            root: data.root, repositoryPrefix: data.repositoryPrefix, lines: lines, functions: functions,
            branches: branches.total > 0 ? branches : nil,
            targets: targets.keys.sorted().map { CoverageTargetSummary(name: $0, lines: targets[$0]!.lines, functions: targets[$0]!.functions) },
            files: files, diff: data.base.map { diff(data, base: $0) }, thresholds: data.thresholds, subset: data.subset,
            gaps: data.gaps
        )
        summary.gateFailures = gate(summary)
        return summary
    }

    /// The executable lines each file's change touched, and which of them ran.
    static func diff(_ data: LineCoverage, base: String) -> DiffCoverage {
        var total = CoverageCount()
        var files: [DiffCoverageFile] = []
        for file in data.files {
            guard let changed = file.changed, !changed.isEmpty else { continue }
            let touched = file.lines.filter { line in changed.contains { $0.contains(line.line) } }
            guard !touched.isEmpty else { continue }
            let count = CoverageCount(covered: touched.count(where: { $0.count > 0 }), total: touched.count)
            total += count
            let uncovered = LineRange.ranges(of: touched.filter { $0.count == 0 }.map(\.line))
            files.append(DiffCoverageFile(path: file.path, lines: count, uncovered: uncovered))
        }
        // The files with the most changed lines not run first, then by path.
        files.sort { ($0.lines.uncovered, $1.path) > ($1.lines.uncovered, $0.path) }
        return DiffCoverage(base: base, lines: total, files: files)
    }

    /// Each figure below its threshold. A change with no executable line passes `diffMinimum`;
    /// a run of some of the plan's tests (`CoverageSubset`) has its total judged by no `minimum`.
    static func gate(_ summary: CoverageSummary) -> [CoverageGateFailure] {
        // Counts are missing: a figure below its threshold may not be, and one above it holds only
        // by luck of which processes kept theirs. The gate fails and says why.
        if let gaps = summary.gaps, !gaps.isEmpty {
            // The message names the threshold that would have judged: `minimum` for a whole run, else
            // `diffMinimum` when there is a base.
            let total = summary.subset == nil ? summary.thresholds.minimum : nil
            let diff = summary.diff == nil ? nil : summary.thresholds.diffMinimum
            guard let threshold = total ?? diff else { return [] }
            return [CoverageGateFailure(figure: .incomplete, covered: summary.lines, threshold: threshold, worstFiles: gaps.map(\.description))]
        }
        var failures: [CoverageGateFailure] = []
        if summary.subset == nil, let minimum = summary.thresholds.minimum, let percent = summary.lines.percent, percent < minimum {
            let worst = summary.files.filter { $0.lines.uncovered > 0 }
                .sorted { ($0.lines.uncovered, $1.path) > ($1.lines.uncovered, $0.path) }
                .prefix(worstFileCount)
                .map { "\($0.path) (\($0.lines.covered)/\($0.lines.total))" }
            failures.append(CoverageGateFailure(figure: .total, covered: summary.lines, threshold: minimum, worstFiles: worst))
        }
        if let minimum = summary.thresholds.diffMinimum, let diff = summary.diff, let percent = diff.lines.percent, percent < minimum {
            // `diff.files` is sorted already, most changed lines not run first.
            let worst = diff.files.filter { $0.lines.uncovered > 0 }.prefix(worstFileCount).map { file in
                "\(file.path) (\(file.lines.covered)/\(file.lines.total), not run: lines \(file.uncovered.map(\.description).joined(separator: ", ")))"
            }
            failures.append(CoverageGateFailure(figure: .diff, covered: diff.lines, threshold: minimum, worstFiles: worst))
        }
        return failures
    }
}
