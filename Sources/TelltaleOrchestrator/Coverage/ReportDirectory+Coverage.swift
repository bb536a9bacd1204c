import Foundation
import TelltaleCoverage
import TelltaleModel
import TelltaleReports

/// The coverage files of a report folder: `coverage.json` (the line-by-line data every other
/// coverage output is drawn from), `coverage.profdata` (the merged profile, for `llvm-cov` by
/// hand), `coverage.lcov` and `coverage.xml` (`coverage-2.xml`, … past GitLab's 10 MiB).
extension ReportDirectory {
    public var coverageDataPath: String { "\(path)/\(CoverageDataFile.fileName)" }
    public var coverageProfilePath: String { "\(path)/coverage.profdata" }
    public var coverageLCOVPath: String { "\(path)/coverage.lcov" }
    public var coverageXMLPath: String { "\(path)/\(CoberturaWriter.fileName(0))" }
    /// Where the test processes write their raw profiles while the run lasts: absolute, since
    /// they run in the package's folder.
    var coverageProfilesPath: String { "\(absolutePath)/profiles" }

    /// Files of an earlier run's coverage that this run must not leave behind.
    var staleCoveragePaths: [String] {
        [coverageDataPath, coverageProfilePath, coverageLCOVPath, coverageProfilesPath] + continuedCoverageXMLPaths()
    }

    /// `coverage.xml` and `coverage-2.xml`, `coverage-3.xml`, … as they are in the folder.
    public func continuedCoverageXMLPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let numbers = names.compactMap { name -> Int? in
            if name == CoberturaWriter.fileName(0) { return 1 }
            guard name.hasPrefix("coverage-"), name.hasSuffix(".xml") else { return nil }
            return Int(name.dropFirst(9).dropLast(4))
        }
        return numbers.sorted().map { "\(path)/\(CoberturaWriter.fileName($0 - 1))" }
    }

    /// The folder's coverage data; nil when the run measured none.
    func coverageData() throws -> CoverageData? {
        try CoverageDataFile.read(path: coverageDataPath)
    }

    /// What the writers need from the coverage data: the LCOV and Cobertura files to write,
    /// the marked sources for index.html, and notes (sources edited since, Cobertura split).
    struct CoverageOutputs {
        var files: [(path: String, data: Data)] = []
        var sourceViews: [CoverageSourceView] = []
        var notes: [String] = []
    }

    func coverageOutputs(_ record: RunRecord, context: ReportContext) throws -> CoverageOutputs {
        guard record.coverage != nil, let data = try coverageData() else { return CoverageOutputs() }
        var outputs = CoverageOutputs()
        outputs.files.append((coverageLCOVPath, Data(LCOVWriter().write(data).utf8)))
        let documents = CoberturaWriter(generatedAt: context.generatedAt, toolVersion: context.toolVersion).write(data)
        for (index, document) in documents.enumerated() {
            outputs.files.append(("\(path)/\(CoberturaWriter.fileName(index))", document))
        }
        if documents.count > 1 {
            outputs.notes.append(
                "coverage.xml is over GitLab's 10 MiB limit, so it continues in coverage-2.xml to coverage-\(documents.count).xml: "
                    + "give GitLab's coverage_report `path: \(context.reportDirectory)/coverage*.xml`")
        }
        let (views, viewNotes) = CoverageSourceViews.select(data)
        outputs.sourceViews = views
        outputs.notes += viewNotes
        for stale in continuedCoverageXMLPaths() where !outputs.files.contains(where: { $0.path == stale }) {
            try? FileManager.default.removeItem(atPath: stale)
        }
        return outputs
    }

    /// Harbormaster's per-file coverage strings, for the run's `coverage` unit; empty without coverage.
    public func harbormasterCoverage(_ record: RunRecord) -> [String: String] {
        guard record.coverage != nil, let data = try? coverageData() else { return [:] }
        return HarbormasterCoverage.strings(data).coverage
    }

    /// `telltale report --out`: the coverage data goes along with `run.json`, so the new folder is complete.
    public func copyCoverageData(from folder: String) throws {
        let source = "\(folder)/\(CoverageDataFile.fileName)"
        guard FileManager.default.fileExists(atPath: source),
            URL(fileURLWithPath: source).standardizedFileURL.path != URL(fileURLWithPath: coverageDataPath).standardizedFileURL.path
        else { return }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: coverageDataPath) { try FileManager.default.removeItem(atPath: coverageDataPath) }
        try FileManager.default.copyItem(atPath: source, toPath: coverageDataPath)
    }

    /// `telltale merge`: the shards' coverage data as one run's, written here, and its summary
    /// (gate included) in the merged record. Shards without coverage data add none.
    public func mergeCoverage(from folders: [String], into record: inout RunRecord) throws {
        let parts = try folders.compactMap { try CoverageDataFile.read(path: "\($0)/\(CoverageDataFile.fileName)") }
        guard !parts.isEmpty else { return }
        let (data, notes) = CoverageData.merging(parts)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try CoverageDataFile.encode(data).write(to: URL(fileURLWithPath: coverageDataPath), options: .atomic)
        record.coverage = CoverageSummarizer.summarize(data)
        record.notes += notes
        if parts.count < folders.count {
            record.notes.append(
                "coverage: \(folders.count - parts.count) of \(folders.count) shards measured no coverage; the merged figures are the others'")
        }
    }
}
