import Foundation
import TelltaleModel

/// After the tests: merges the run's raw profiles once, exports the test binary's coverage,
/// and keeps the measured files' lines (`LineCoverage`) with the change's lines marked.
public struct CoverageCollector: Sendable {
    public var tools: CoverageTools
    /// Where the test processes wrote their raw profiles (`CoverageBuild.profilePattern`).
    public var profileDirectory: String

    public init(tools: CoverageTools, profileDirectory: String) {
        self.tools = tools
        self.profileDirectory = profileDirectory
    }

    /// What llvm-cov measured, every file it knows (absolute paths), and what the tools said.
    public struct Export: Sendable {
        public var files: [LCOVReader.File]
        public var notes: [String]
    }

    /// `llvm-profdata merge` into `mergedProfile`, then `llvm-cov export` of `testBinary`.
    public func export(testBinary: String, mergedProfile: String) async throws(CoverageFailure) -> Export {
        var notes = try await ProfileMerge.merge(directory: profileDirectory, into: mergedProfile, tools: tools)
        let lcovPath = "\(profileDirectory)/export.lcov"
        notes += try await CoverageExport.lcov(binary: testBinary, profile: mergedProfile, output: lcovPath, tools: tools)
        do {
            let files = try LCOVReader.read(try Data(contentsOf: URL(fileURLWithPath: lcovPath), options: .alwaysMapped))
            return Export(files: files, notes: notes)
        } catch {
            throw CoverageFailure("cannot read llvm-cov's export \(lcovPath): \(error)")
        }
    }

    /// The files `sources` measures, relative to the package, with their targets, digests and
    /// the lines `change` touched (nil without a diff base).
    public static func data(
        _ export: Export, sources: CoverageSources, repositoryPrefix: String?, change: (base: String, lines: [String: [LineRange]])?,
        thresholds: CoverageThresholds
    ) -> (data: LineCoverage, notes: [String]) {
        var files: [CoverageFile] = []
        for file in export.files {
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
        let (data, notes) = LineCoverage.merging([
            LineCoverage(root: sources.root, repositoryPrefix: repositoryPrefix, base: change?.base, thresholds: thresholds, files: files)
        ])
        guard data.files.isEmpty else { return (data, export.notes + notes) }
        return (
            data,
            export.notes + notes + [
                "coverage: no file of the package was measured (its targets' sources are not in the test binary, or include/exclude left none)"
            ]
        )
    }

    /// Clears profiles left by an earlier run and makes the folder.
    public func prepare() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: profileDirectory) { try manager.removeItem(atPath: profileDirectory) }
        try manager.createDirectory(atPath: profileDirectory, withIntermediateDirectories: true)
    }

    /// Removes the raw profiles once merged: one per process, they add up.
    public func cleanUp() {
        try? FileManager.default.removeItem(atPath: profileDirectory)
    }
}
