import TelltaleModel

/// Coverage in `summary.md`: a short table of the run's figures and the gate's verdict in the
/// head, then the changed lines no test ran, file by file, and the figures per target.
extension MarkdownSummaryWriter {
    /// The `### Coverage` table, part of the head and so never cut: branches only when the run
    /// measured any, the change's lines only with a diff base; then a line per threshold missed.
    static func coverageTable(_ coverage: CoverageSummary) -> String {
        var text = "\n### Coverage\n\n"
        var heads = ["lines", "functions"]
        var cells = [figure(coverage.lines), figure(coverage.functions)]
        if let branches = coverage.branches {
            heads.append("branches")
            cells.append(figure(branches))
        }
        if let diff = coverage.diff {
            heads.append("changed lines (since \(escape(diff.base)))")
            cells.append(diff.lines.total == 0 ? "no executable line changed" : figure(diff.lines))
        }
        text += "| " + heads.joined(separator: " | ") + " |\n|" + String(repeating: "---:|", count: heads.count) + "\n"
        text += "| " + cells.joined(separator: " | ") + " |\n"
        if let note = coverage.minimumNotApplied { text += "\nℹ️ Coverage: " + escape(note) + ".\n" }
        for failure in coverage.gateFailures { text += "\n❌ " + escape(failure.message) + "\n" }
        // A change with no executable line (comments, say) has nothing to cover: say why the gate passed.
        if coverage.thresholds.diffMinimum != nil, let diff = coverage.diff, diff.lines.total == 0 {
            text += "\n✅ The change has no executable line, so it passes `diffMinimum`.\n"
        }
        return text
    }

    /// The cuttable parts: the changed files with lines no test ran (`12–14, 20`), and the
    /// figures per target when there is more than one.
    static func coverageSections(_ coverage: CoverageSummary) -> [Section] {
        var sections: [Section] = []
        if let diff = coverage.diff {
            let files = diff.files.filter { !$0.uncovered.isEmpty }
            if !files.isEmpty {
                sections.append(
                    Section(
                        title: "Changed lines no test ran (\(diff.lines.uncovered))",
                        header: "Executable lines the change touched since \(escape(diff.base)) that no test executed.\n\n"
                            + "| file | changed lines run | lines not run |\n|---|---:|---|\n",
                        count: files.count,
                        row: { index in
                            let file = files[index]
                            let ranges = oneLine(file.uncovered.map(\.description).joined(separator: ", "), limit: messageLimit)
                            return "| `\(code(coverage.repositoryPath(file.path)))` | \(file.lines.covered)/\(file.lines.total) | \(ranges) |\n"
                        },
                        leftOut: { "_…and \($0) more files; see the HTML report._" }
                    ))
            }
        }
        if coverage.targets.count > 1 {
            sections.append(
                Section(
                    title: "Coverage by target",
                    header: "| target | lines | functions |\n|---|---:|---:|\n",
                    count: coverage.targets.count,
                    row: { index in
                        let target = coverage.targets[index]
                        return "| `\(code(target.name))` | \(figure(target.lines)) | \(figure(target.functions)) |\n"
                    },
                    leftOut: { "_…and \($0) more targets; see the HTML report._" }
                ))
        }
        return sections
    }

    /// `85.0% (170/200)`.
    static func figure(_ count: CoverageCount) -> String {
        "\(count.percentText) (\(count.covered)/\(count.total))"
    }
}
