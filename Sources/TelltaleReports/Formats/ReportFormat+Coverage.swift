import Foundation
import TelltaleCoverage
import TelltaleModel

extension ReportFormat {
    /// `coverage.lcov` and `coverage.xml` (Cobertura, continued in `coverage-2.xml`, … past
    /// GitLab's 10 MiB), drawn from the run's `coverage.json`; nothing for a run without coverage.
    /// Laid out first: its notes (the Cobertura split, sources the page leaves out) join the
    /// record, so every other report shows them.
    static let coverage = ReportFormat(
        name: "coverage", fileName: "coverage.lcov",
        summary: "code coverage as LCOV, and coverage.xml in Cobertura's form for GitLab (coverage-2.xml, … past its 10 MiB)",
        writesFirst: true, owns: { $0 == "coverage.lcov" || CoberturaWriter.isFileName($0) },
        render: { record, context, folder in
            guard let data = try CoverageReportData.read(record, folder: folder) else { return Output(files: []) }
            var files: [(name: String, data: Data)] = [("coverage.lcov", Data(LCOVWriter().write(data).utf8))]
            let documents = CoberturaWriter(generatedAt: context.generatedAt, toolVersion: context.toolVersion).write(data)
            files += documents.enumerated().map { (CoberturaWriter.fileName($0.offset), $0.element) }
            var notes: [String] = []
            if documents.count > 1 {
                notes.append(
                    "coverage.xml is over GitLab's 10 MiB limit, so it continues in coverage-2.xml to coverage-\(documents.count).xml: "
                        + "give GitLab's coverage_report `path: \(context.reportDirectory)/coverage*.xml`")
            }
            notes += CoverageSourceViews.select(data).notes
            return Output(files: files, notes: notes)
        }
    )
}

/// A run's coverage data as the report formats read it: `coverage.json` in the report folder.
package enum CoverageReportData {
    /// Nil for a run that measured no coverage.
    package static func read(_ record: RunRecord, folder: String) throws -> LineCoverage? {
        guard record.coverage != nil else { return nil }
        return try LineCoverageFile.read(path: "\(folder)/\(LineCoverageFile.fileName)")
    }

    /// The files whose source the HTML report shows line by line.
    static func sourceViews(_ record: RunRecord, folder: String) throws -> [CoverageSourceView] {
        guard let data = try read(record, folder: folder) else { return [] }
        return CoverageSourceViews.select(data).views
    }

    /// Harbormaster's per-file strings, for the run's coverage unit; empty without coverage.
    package static func harbormasterStrings(_ record: RunRecord, folder: String) -> [String: String] {
        guard let data = try? read(record, folder: folder) else { return [:] }
        return HarbormasterCoverage.strings(data).coverage
    }
}
