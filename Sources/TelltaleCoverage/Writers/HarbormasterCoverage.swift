import TelltaleModel

/// Phabricator's per-file coverage strings for a Harbormaster unit's `coverage` map: one
/// character per line from line 1, `N` not executable, `C` covered, `U` not covered (lines
/// past the last executable one are left out, which Differential reads as `N`). Keyed by the
/// path from the repository's top, as Differential names files.
///
/// Differential shows coverage only beside a diff's files, so with a diff base the strings are
/// the changed files'; without one, every file's, up to `maxCharacters` in all (the largest
/// requests Conduit takes are a few MiB), the files with the most uncovered lines first.
package enum HarbormasterCoverage {
    package static let maxCharacters = 1024 * 1024

    package static func strings(_ data: LineCoverage, maxCharacters: Int = Self.maxCharacters) -> (coverage: [String: String], leftOut: Int) {
        var files = data.files
        if data.base != nil {
            files = files.filter { !($0.changed ?? []).isEmpty }
        } else {
            files.sort { ($0.lineCount.uncovered, $1.path) > ($1.lineCount.uncovered, $0.path) }
        }
        var coverage: [String: String] = [:]
        var used = 0
        var leftOut = 0
        for file in files {
            let text = string(file)
            // The budget holds only without a base; a file that does not fit is counted and skipped for a smaller one.
            if data.base == nil, used + text.count > maxCharacters {
                leftOut += 1
                continue
            }
            used += text.count
            let path = data.repositoryPrefix.map { $0.isEmpty ? file.path : $0 + "/" + file.path } ?? file.path
            coverage[path] = text
        }
        return (coverage, leftOut)
    }

    /// `NNCCU…` for one file.
    package static func string(_ file: CoverageFile) -> String {
        // As long as the last executable line: Differential reads lines past the string as `N`.
        guard let last = file.lines.last?.line, last > 0 else { return "" }
        var characters = [Character](repeating: "N", count: last)
        for line in file.lines where line.line >= 1 {
            characters[line.line - 1] = line.count > 0 ? "C" : "U"
        }
        return String(characters)
    }
}
