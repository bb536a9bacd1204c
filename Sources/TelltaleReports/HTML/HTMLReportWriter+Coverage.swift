import TelltaleModel

/// Code coverage in the page's data (`coverage`), when the run measured it: the figures, each
/// target's and file's, the change's uncovered lines, the gate's verdict, the trend over the
/// history's runs, and the marked source of the files `coverageSources` holds.
extension HTMLReportWriter {
    /// `coverage: {lines: [covered, total, percent], functions, branches?, targets: [[name, lc, lt, fc, ft, lp, fp]],
    /// files: [[path, target, lc, lt, fc, ft, source index or -1, lp, fp]], diff?: {base, lines, files: [[path, c, t,
    /// [[start, end]]]]}, gate: [message], diffGate, trend: [[startedAt, covered, total, commit, percent]],
    /// sources: [{p: path, t: [line text], c: [count, or -1 where not executable], ch: [[start, end]]}]}`.
    func coverage(_ coverage: CoverageSummary, history: HistoryDigest?, into json: inout ScriptJSON) {
        json.object("coverage") { json in
            json.key("lines")
            pair(coverage.lines, into: &json)
            json.key("functions")
            pair(coverage.functions, into: &json)
            if let branches = coverage.branches {
                json.key("branches")
                pair(branches, into: &json)
            }
            json.array("targets") { json in
                for target in coverage.targets {
                    json.array { json in
                        json.string(target.name)
                        counts(target.lines, target.functions, into: &json)
                        percents(target.lines, target.functions, into: &json)
                    }
                }
            }
            // A file's index into `sources`, or -1 when the page lists its figures only.
            let shown = Dictionary(coverageSources.enumerated().map { ($0.element.path, $0.offset) }) { first, _ in first }
            json.array("files") { json in
                for file in coverage.files {
                    json.array { json in
                        json.string(file.path)
                        json.string(file.target ?? "")
                        counts(file.lines, file.functions, into: &json)
                        json.int(shown[file.path] ?? -1)
                        percents(file.lines, file.functions, into: &json)
                    }
                }
            }
            if let diff = coverage.diff {
                self.diff(diff, into: &json)
            }
            json.array("gate") { json in
                for failure in coverage.gateFailures { json.string(failure.message) }
            }
            json.field("diffGate", coverage.thresholds.diffMinimum != nil)
            json.array("trend") { json in
                // Runs of the history that did not measure coverage are left out of the trend.
                for run in history?.runs ?? [] {
                    guard let measured = run.coverage else { continue }
                    json.array { json in
                        json.string(Self.iso8601(run.startedAt))
                        json.int(measured.covered)
                        json.int(measured.total)
                        json.string(run.commit ?? "")
                        json.string(measured.percentText)
                    }
                }
            }
            json.array("sources") { json in
                for view in coverageSources { source(view, into: &json) }
            }
        }
    }

    /// `diff: {base: "origin/main", lines: [covered, total, percent], files: [[path, c, t, [[12, 14]]]]}`.
    private func diff(_ diff: DiffCoverage, into json: inout ScriptJSON) {
        json.object("diff") { json in
            json.field("base", diff.base)
            json.key("lines")
            pair(diff.lines, into: &json)
            json.array("files") { json in
                for file in diff.files {
                    json.array { json in
                        json.string(file.path)
                        json.int(file.lines.covered)
                        json.int(file.lines.total)
                        ranges(file.uncovered, into: &json)
                    }
                }
            }
        }
    }

    /// A file's source for the line-by-line view: its lines, each line's execution count (-1 where
    /// nothing is executable), and the changed ranges.
    private func source(_ view: CoverageSourceView, into json: inout ScriptJSON) {
        json.object { json in
            json.field("p", view.path)
            json.array("t") { json in
                for line in view.lines { json.string(PlainText.clean(line)) }
            }
            json.array("c") { json in
                // `counts` is keyed by line number, from 1; `lines` is indexed from 0.
                for index in view.lines.indices {
                    json.int(view.marks[index] == CoverageSourceView.Mark.none ? -1 : view.counts[index + 1] ?? 0)
                }
            }
            json.key("ch")
            ranges(view.changed, into: &json)
        }
    }

    /// `[covered, total, percent]`: every percentage is formatted here, once, as lcov rounds it
    /// (`CoverageCount.percentText`), so the page says what the console and summary.md say.
    private func pair(_ count: CoverageCount, into json: inout ScriptJSON) {
        json.array { json in
            json.int(count.covered)
            json.int(count.total)
            json.string(count.percentText)
        }
    }

    /// Two elements of the enclosing array: the lines' percentage, the functions'.
    private func percents(_ lines: CoverageCount, _ functions: CoverageCount, into json: inout ScriptJSON) {
        json.string(lines.percentText)
        json.string(functions.percentText)
    }

    /// Four elements of the enclosing array: lines covered, lines, functions covered, functions.
    private func counts(_ lines: CoverageCount, _ functions: CoverageCount, into json: inout ScriptJSON) {
        json.int(lines.covered)
        json.int(lines.total)
        json.int(functions.covered)
        json.int(functions.total)
    }

    /// `[[start, end]…]`, both ends included.
    private func ranges(_ ranges: [LineRange], into json: inout ScriptJSON) {
        json.array { json in
            for range in ranges {
                json.array { json in
                    json.int(range.start)
                    json.int(range.end)
                }
            }
        }
    }
}
