import Foundation
import TelltaleModel

/// After the tests: merges the run's raw profiles once, exports the test binary's coverage,
/// and keeps the measured files' lines (`LineCoverage`) with the change's lines marked.
package struct CoverageCollector: Sendable {
    package var tools: CoverageTools
    /// Where the test processes wrote their raw profiles (`CoverageBuild.profilePattern`).
    package var profileDirectory: String
    /// The package's folder, absolute: its `.build` is left out of the export. Nil leaves
    /// nothing out (`CoverageSources` still measures only the package's files).
    package var packageRoot: String?

    package init(tools: CoverageTools, profileDirectory: String, packageRoot: String? = nil) {
        self.tools = tools
        self.profileDirectory = profileDirectory
        self.packageRoot = packageRoot
    }

    /// What llvm-cov measured, every file it knows (absolute paths), and what the tools said.
    package struct Export: Sendable {
        package var files: [LCOVReader.File]
        package var notes: [String]
        /// The test processes whose counts are not in `files` (`ProfileAudit`).
        package var gaps: [CoverageGap] = []
    }

    /// `llvm-profdata merge` into `mergedProfile`, then `llvm-cov export` of `testBinary`.
    /// `processes` (each test process's number, and the tests that ran in it) are checked to
    /// have each left a profile that was merged (nil: only the profiles that could not be merged
    /// are gaps).
    package func export(
        testBinary: String, mergedProfile: String, processes: [String: [String]]? = nil, continuous: Bool = true
    ) async throws(CoverageFailure) -> Export {
        // The profiles as written, listed before the merge: the audit checks each process left one.
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: profileDirectory)) ?? []).filter { $0.hasSuffix(".profraw") }
        let merged = try await ProfileMerge.merge(directory: profileDirectory, into: mergedProfile, tools: tools)
        var notes = merged.notes
        let gaps = ProfileAudit.gaps(processes: processes ?? [:], written: written, lost: merged.lost, continuous: continuous)
        // Into a file beside the profiles (removed with them), read memory-mapped: a large package's
        // tracefile has hundreds of thousands of lines.
        let lcovPath = "\(profileDirectory)/export.lcov"
        notes += try await CoverageExport.lcov(binary: testBinary, profile: mergedProfile, output: lcovPath, tools: tools, packageRoot: packageRoot)
        do {
            let files = try LCOVReader.read(try Data(contentsOf: URL(fileURLWithPath: lcovPath), options: .alwaysMapped))
            return Export(files: files, notes: notes, gaps: gaps)
        } catch {
            throw CoverageFailure("cannot read llvm-cov's export \(lcovPath): \(error)")
        }
    }

    /// The files `sources` measures, relative to the package, with their targets, digests and
    /// the lines `change` touched (nil without a diff base).
    package static func data(
        _ export: Export, sources: CoverageSources, repositoryPrefix: String?, change: (base: String, lines: [String: [LineRange]])?,
        thresholds: CoverageThresholds
    ) -> (data: LineCoverage, notes: [String]) {
        var files: [CoverageFile] = []
        for file in export.files {
            // Files the run does not measure (tests, `.build`, outside the package, excluded) are dropped here.
            guard let (path, target) = sources.classify(file.path) else { continue }
            // An untracked file changed to its end: its last line is the last that matters.
            let last = file.lines.map(\.line).max() ?? 0
            let changed = change.map { change in
                (change.lines[path] ?? []).compactMap { $0.start <= last ? LineRange($0.start, min($0.end, last)) : nil }
            }
            files.append(
                CoverageFile(
                    path: path, target: target, lines: file.lines, functions: file.functions, branches: file.branches,
                    changed: changed, digest: SourceDigest.of(file: file.path)
                ))
        }
        // A file in two objects (the binary and a library it links) is one file.
        var (data, notes) = LineCoverage.merging([
            LineCoverage(root: sources.root, repositoryPrefix: repositoryPrefix, base: change?.base, thresholds: thresholds, files: files)
        ])
        data.gaps = export.gaps.isEmpty ? nil : export.gaps
        let gapNotes = export.gaps.map { "coverage: \($0); its counts are missing, so no threshold judges this run's total" }
        guard data.files.isEmpty else { return (data, export.notes + gapNotes + notes) }
        return (
            data,
            export.notes + gapNotes + notes + [
                "coverage: no file of the package was measured (its targets' sources are not in the test binary, or include/exclude left none)"
            ]
        )
    }

    /// Clears profiles left by an earlier run and makes the folder.
    package func prepare() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: profileDirectory) { try manager.removeItem(atPath: profileDirectory) }
        try manager.createDirectory(atPath: profileDirectory, withIntermediateDirectories: true)
    }

    /// Removes the raw profiles once merged: one per process, they add up.
    package func cleanUp() {
        try? FileManager.default.removeItem(atPath: profileDirectory)
    }
}
