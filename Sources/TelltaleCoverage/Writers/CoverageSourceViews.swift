import Foundation
import TelltaleModel

/// The files whose source the HTML report shows with each line marked: every changed file,
/// then the files with the most never-executed lines, until `budgetBytes` of source text;
/// the others show their figures only. Sources are read from the package as it is now, and a
/// file edited since the run (its digest differs) is left out, with a note: marks on the wrong
/// lines would mislead.
package enum CoverageSourceViews {
    /// Source text shown beyond the changed files: about 25,000 lines of Swift.
    package static let budgetBytes = 1024 * 1024

    package static func select(_ data: LineCoverage, budgetBytes: Int = Self.budgetBytes) -> (views: [CoverageSourceView], notes: [String]) {
        let changed = data.files.filter { !($0.changed ?? []).isEmpty }
        // The other files only with lines that did not run, the most such lines first.
        let others = data.files.filter { ($0.changed ?? []).isEmpty && $0.lineCount.uncovered > 0 }
            .sorted { ($0.lineCount.uncovered, $1.path) > ($1.lineCount.uncovered, $0.path) }
        var views: [CoverageSourceView] = []
        var notes: [String] = []
        var used = 0
        for file in changed + others {
            let isChanged = !(file.changed ?? []).isEmpty
            let path = data.root.hasSuffix("/") ? data.root + file.path : data.root + "/" + file.path
            guard let bytes = FileManager.default.contents(atPath: path) else {
                if isChanged { notes.append("coverage: \(file.path) is not at \(path) any more; its marked source is left out of index.html") }
                continue
            }
            if let digest = file.digest, digest != SourceDigest.of(bytes) {
                notes.append("coverage: \(file.path) was edited after the run; its marked source is left out of index.html")
                continue
            }
            // The budget is for the others: a file that does not fit is skipped for a smaller one.
            if !isChanged {
                if used + bytes.count > budgetBytes { continue }
                used += bytes.count
            }
            views.append(view(file, text: String(decoding: bytes, as: UTF8.self)))
        }
        return (views, notes)
    }

    /// The file's lines, each marked as covered, not run, or not executable (`none`), with its count.
    static func view(_ file: CoverageFile, text: String) -> CoverageSourceView {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A final newline ends the last line; it does not begin another.
        if text.hasSuffix("\n") { lines.removeLast() }
        var marks = [CoverageSourceView.Mark](repeating: .none, count: lines.count)
        var counts: [Int: Int] = [:]
        // A line past the end of the text (a file with no digest may have changed) is not marked.
        for line in file.lines where line.line >= 1 && line.line <= lines.count {
            marks[line.line - 1] = line.count > 0 ? .covered : .uncovered
            counts[line.line] = line.count
        }
        return CoverageSourceView(path: file.path, lines: lines, marks: marks, counts: counts, changed: file.changed ?? [])
    }
}
