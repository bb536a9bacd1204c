import Foundation
import TelltaleCoverage
import TelltaleModel

/// The coverage files of a report folder: `coverage.json` (the line-by-line data every
/// coverage output is drawn from: `coverage.lcov` and `coverage.xml`, the `coverage` report
/// format's), `coverage.profdata` (the merged profile, for `llvm-cov` by hand) and, from a
/// `--coverage-map` run, `coverage-map.bin` (what each test executed).
extension ReportDirectory {
    package var coverageDataPath: String { "\(path)/\(LineCoverageFile.fileName)" }
    package var coverageProfilePath: String { "\(path)/coverage.profdata" }
    /// What each test executed, from a `--coverage-map` run: for `telltale history import`.
    package var coverageMapPath: String { "\(path)/\(CoverageMap.fileName)" }
    /// Where the test processes write their raw profiles while the run lasts: absolute, since
    /// they run in the package's folder.
    package var coverageProfilesPath: String { "\(absolutePath)/profiles" }

    /// The coverage data of an earlier run, which this run must not leave behind (its LCOV and
    /// Cobertura files are the `coverage` report format's, cleared with the other formats').
    var coverageDataPaths: [String] {
        [coverageDataPath, coverageProfilePath, coverageProfilesPath, coverageMapPath]
    }

    /// Harbormaster's per-file coverage strings, for the run's `coverage` unit; empty without coverage.
    package func harbormasterCoverage(_ record: RunRecord) -> [String: String] {
        CoverageReportData.harbormasterStrings(record, folder: path)
    }

    /// `telltale report --out`: the coverage data goes along with `run.json`, so the new folder is complete.
    package func copyCoverageData(from folder: String) throws {
        let source = "\(folder)/\(LineCoverageFile.fileName)"
        guard FileManager.default.fileExists(atPath: source),
            URL(fileURLWithPath: source).standardizedFileURL.path != URL(fileURLWithPath: coverageDataPath).standardizedFileURL.path
        else { return }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: coverageDataPath) { try FileManager.default.removeItem(atPath: coverageDataPath) }
        try FileManager.default.copyItem(atPath: source, toPath: coverageDataPath)
    }
}
