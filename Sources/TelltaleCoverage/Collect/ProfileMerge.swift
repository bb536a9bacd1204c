import Foundation
import TelltaleModel
import TelltaleProcesses

/// `llvm-profdata merge`, once, over every raw profile the run's test processes wrote.
///
/// A profile that cannot be read (a process killed while it set its profile up leaves it
/// empty or cut short) is left out and returned with why (`ProfileAudit` makes it a gap);
/// the rest is merged. Merging fails only when no profile can be read.
enum ProfileMerge {
    /// What merging found: notes for the run, and each profile left out (its file name) with why.
    struct Merged: Sendable {
        var notes: [String] = []
        var lost: [String: String] = [:]
    }

    static func merge(directory: String, into output: String, tools: CoverageTools) async throws(CoverageFailure) -> Merged {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".profraw") }.sorted()
        var merged = Merged()
        var inputs: [String] = []
        for name in names {
            let path = "\(directory)/\(name)"
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            // An empty file holds no counts: it is named and left out before the merge.
            if size == 0 {
                merged.lost[name] = "left an empty profile (it ended as it started)"
            } else {
                inputs.append(path)
            }
        }
        guard !inputs.isEmpty else {
            throw CoverageFailure(
                "no test process wrote a coverage profile in \(directory): was the test binary built for coverage? "
                    + "(without --skip-build Telltale builds it so; by hand: swift build --build-tests \(CoverageBuild.buildArguments.joined(separator: " ")))"
            )
        }
        // The inputs as a file (`--input-files`): a run's thousands of profiles need not fit on a command line.
        let list = "\(directory)/inputs.txt"
        do {
            try Data(inputs.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        } catch {
            throw CoverageFailure("cannot write \(list): \(error.localizedDescription)")
        }
        // `--failure-mode=all`: a profile that cannot be read is warned about and left out; the merge
        // fails only when none can be read.
        let result = await CommandOutput.of(
            ChildProcess(
                executable: tools.profdata,
                arguments: ["merge", "-sparse", "--failure-mode=all", "--input-files=\(list)", "-o", output]))
        guard result.succeeded else {
            throw CoverageFailure(
                "`\(tools.profdata) merge` failed (\(result.exit.map { "\($0)" } ?? "did not start")): \(result.lines.suffix(10).joined(separator: "\n"))"
            )
        }
        // `warning: /…/p3-1234-…profraw: …`: a profile left out.
        for line in result.lines where line.contains("warning:") {
            if let name = names.first(where: { line.contains($0) }) {
                let reason = line.components(separatedBy: "\(name): ").last ?? line
                merged.lost[name] = "left a profile llvm-profdata cannot read (\(reason)); it is left out, the rest is merged"
            } else if !line.contains("inputs.txt") {
                merged.notes.append("coverage: llvm-profdata: \(line)")
            }
        }
        return merged
    }

}
