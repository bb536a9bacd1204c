import Foundation
import TelltaleModel
import TelltaleProcesses

/// The lines a change added or modified since a base commit, per file relative to the
/// package: `git diff -U0` from the base to the working tree (committed, staged and
/// unstaged, as `--changed` sees a change), and every line of an untracked file (a range to
/// `Int.max`, which `CoverageCollector` ends at the file's last executable line).
package enum ChangedLines {
    package struct ChangedLinesError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// Runs git in `package`; `commit` is the resolved base (a merge-base).
    package static func load(package: String, commit: String) async throws(ChangedLinesError) -> [String: [LineRange]] {
        // Paths as they are, not octal-escaped; `-M` pairs a renamed file, so its lines count on its new path.
        let diff = await CommandOutput.of(
            ChildProcess(
                executable: "git",
                arguments: [
                    "-c", "core.quotePath=false", "diff", "-U0", "-M", "--relative", "--no-color", "--no-ext-diff", commit, "--", ".",
                ],
                workingDirectory: package))
        guard diff.succeeded else {
            throw ChangedLinesError(description: "git diff from \(commit.prefix(8)) failed: \(diff.lines.suffix(5).joined(separator: "\n"))")
        }
        var changed = parse(diff.lines)
        let untracked = await CommandOutput.of(
            ChildProcess(
                executable: "git",
                arguments: ["-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard", "--", ".", ":(exclude).build"],
                workingDirectory: package))
        // An untracked file is new: every line of it changed. `.build` is left out even where no
        // `.gitignore` ignores it.
        for path in untracked.lines where !path.isEmpty {
            changed[path] = [LineRange(1, Int.max)]
        }
        return changed
    }

    /// The new side of each hunk of a `git diff -U0` (`@@ -a,b +c,d @@`: lines c to c+d−1;
    /// d = 0 is a pure deletion, which adds no line), by the new path.
    package static func parse(_ lines: [String]) -> [String: [LineRange]] {
        var result: [String: [LineRange]] = [:]
        for file in FileDiff.parse(lines) {
            guard let path = file.newPath else { continue }
            for hunk in file.hunks where hunk.newCount > 0 {
                result[path, default: []].append(LineRange(hunk.newStart, hunk.newStart + hunk.newCount - 1))
            }
        }
        // Each file's lines as ranges again, overlapping and adjacent hunks joined.
        return result.mapValues { LineRange.ranges(of: $0.flatMap { $0.start...$0.end }) }
    }
}
