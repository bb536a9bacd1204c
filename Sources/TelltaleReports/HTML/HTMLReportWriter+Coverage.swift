import TelltaleModel

/// Code coverage in the page's data (`coverage`), when the run measured it: the figures, each
/// target's and file's, the change's uncovered lines, the gate's verdict, the trend over the
/// history's runs, and the marked source of the files `coverageSources` holds.
extension HTMLReportWriter {
    /// `coverage: {lines: [covered, total], functions, branches?, targets: [[name, lc, lt, fc, ft]],
    /// files: [[path, target, lc, lt, fc, ft, source index or -1]], diff?: {base, lines, files: [[path, c, t,
    /// [[start, end]]]]}, gate: [message], diffGate, trend: [[startedAt, covered, total, commit]],
    /// sources: [{p: path, t: [line text], c: [count, or -1 where not executable], ch: [[start, end]]}]}`.
    func coverage(_ coverage: CodeCoverage, history: HistoryDigest?, into json: inout ScriptJSON) {
        json.key("coverage")
        json.raw("{")
        json.key("lines")
        pair(coverage.lines, into: &json)
        json.raw(",")
        json.key("functions")
        pair(coverage.functions, into: &json)
        if let branches = coverage.branches {
            json.raw(",")
            json.key("branches")
            pair(branches, into: &json)
        }
        json.raw(",")
        json.key("targets")
        json.raw("[")
        for (index, target) in coverage.targets.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("[")
            json.string(target.name)
            json.raw(",")
            counts(target.lines, target.functions, into: &json)
            json.raw("]")
        }
        json.raw("],")
        let shown = Dictionary(coverageSources.enumerated().map { ($0.element.path, $0.offset) }) { first, _ in first }
        json.key("files")
        json.raw("[")
        for (index, file) in coverage.files.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("[")
            json.string(file.path)
            json.raw(",")
            json.string(file.target ?? "")
            json.raw(",")
            counts(file.lines, file.functions, into: &json)
            json.raw(",")
            json.int(shown[file.path] ?? -1)
            json.raw("]")
        }
        json.raw("]")
        if let diff = coverage.diff {
            json.raw(",")
            self.diff(diff, into: &json)
        }
        json.raw(",")
        json.key("gate")
        json.raw("[")
        for (index, failure) in coverage.gateFailures.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(failure.message)
        }
        json.raw("],")
        json.key("diffGate")
        json.bool(coverage.thresholds.diffMinimum != nil)
        json.raw(",")
        json.key("trend")
        json.raw("[")
        var first = true
        for run in history?.runs ?? [] {
            guard let measured = run.coverage else { continue }
            if !first { json.raw(",") }
            first = false
            json.raw("[")
            json.string(Self.iso8601(run.startedAt))
            json.raw(",")
            json.int(measured.covered)
            json.raw(",")
            json.int(measured.total)
            json.raw(",")
            json.string(run.commit ?? "")
            json.raw("]")
        }
        json.raw("],")
        json.key("sources")
        json.raw("[")
        for (index, view) in coverageSources.enumerated() {
            if index > 0 { json.raw(",") }
            source(view, into: &json)
        }
        json.raw("]}")
    }

    private func diff(_ diff: DiffCoverage, into json: inout ScriptJSON) {
        json.key("diff")
        json.raw("{")
        json.key("base")
        json.string(diff.base)
        json.raw(",")
        json.key("lines")
        pair(diff.lines, into: &json)
        json.raw(",")
        json.key("files")
        json.raw("[")
        for (index, file) in diff.files.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("[")
            json.string(file.path)
            json.raw(",")
            json.int(file.lines.covered)
            json.raw(",")
            json.int(file.lines.total)
            json.raw(",")
            ranges(file.uncovered, into: &json)
            json.raw("]")
        }
        json.raw("]}")
    }

    private func source(_ view: CoverageSourceView, into json: inout ScriptJSON) {
        json.raw("{")
        json.key("p")
        json.string(view.path)
        json.raw(",")
        json.key("t")
        json.raw("[")
        for (index, line) in view.lines.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(PlainText.clean(line))
        }
        json.raw("],")
        json.key("c")
        json.raw("[")
        for index in view.lines.indices {
            if index > 0 { json.raw(",") }
            json.int(view.marks[index] == CoverageSourceView.Mark.none ? -1 : view.counts[index + 1] ?? 0)
        }
        json.raw("],")
        json.key("ch")
        ranges(view.changed, into: &json)
        json.raw("}")
    }

    private func pair(_ count: CoverageCount, into json: inout ScriptJSON) {
        json.raw("[")
        json.int(count.covered)
        json.raw(",")
        json.int(count.total)
        json.raw("]")
    }

    private func counts(_ lines: CoverageCount, _ functions: CoverageCount, into json: inout ScriptJSON) {
        json.int(lines.covered)
        json.raw(",")
        json.int(lines.total)
        json.raw(",")
        json.int(functions.covered)
        json.raw(",")
        json.int(functions.total)
    }

    private func ranges(_ ranges: [LineRange], into json: inout ScriptJSON) {
        json.raw("[")
        for (index, range) in ranges.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("[")
            json.int(range.start)
            json.raw(",")
            json.int(range.end)
            json.raw("]")
        }
        json.raw("]")
    }
}
