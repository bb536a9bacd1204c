import Foundation
import TelltaleModel

extension ReportFormat {
    /// Every report format, in the order the commands list them: the one place a format is
    /// registered. `run.json` is the record the others are regenerated from (`runRecord`).
    package static let registered: [ReportFormat] = [
        ReportFormat(name: "html", fileName: "index.html", summary: "the report page (open it in a browser)") { record, context, folder in
            HTMLReportWriter(attachmentsRoot: folder, coverageSources: try CoverageReportData.sourceViews(record, folder: folder))
                .write(record, context: context)
        },
        // Written first: how it was split or cut becomes a run note the other reports show.
        ReportFormat(
            name: "junit", fileName: JUnitFiles.fileName(0),
            summary: "JUnit XML (junit-2.xml, … for a run larger than GitLab reads in one file)", writesFirst: true,
            owns: JUnitFiles.isFileName,
            render: { record, context, _ in
                let junit = JUnitWriter().files(record, context: context)
                return Output(files: junit.documents.enumerated().map { (JUnitFiles.fileName($0.offset), $0.element) }, notes: junit.notes)
            }
        ),
        ReportFormat(name: "markdown", fileName: "summary.md", summary: "the summary, for a CI job's page or a pull request") { record, context, _ in
            Data(MarkdownSummaryWriter().write(record, context: context).utf8)
        },
        // The record itself, and `coverage.lcov`/`coverage.xml` (`ReportFormat+Coverage.swift`).
        runRecord,
        coverage,
        ReportFormat(name: "events", fileName: "events.jsonl", summary: "every captured event, one JSON object a line") { record, context, _ in
            EventsJSONLWriter().write(record, context: context)
        },
        ReportFormat(name: "ctrf", fileName: "ctrf.json", summary: "the Common Test Report Format, for CTRF's reporters") { record, context, _ in
            CTRFWriter().write(record, context: context)
        },
        // Only on request (`--format harbormaster`): two files, both rewritten together.
        ReportFormat(
            name: "harbormaster", fileName: "harbormaster.json",
            summary: "Conduit's harbormaster.sendmessage parameters (without buildTargetPHID) and summary.remarkup, for Phabricator",
            isWrittenByDefault: false, owns: { $0 == "harbormaster.json" || $0 == "summary.remarkup" },
            render: { record, context, folder in
                let coverage = CoverageReportData.harbormasterStrings(record, folder: folder)
                return Output(files: [
                    ("harbormaster.json", try HarbormasterWriter().write(record, context: context, coverage: coverage)),
                    ("summary.remarkup", Data(RemarkupSummaryWriter().write(record, context: context).utf8)),
                ])
            }
        ),
    ]

    /// `run.json`: the record itself, which `telltale report` reads and never rewrites.
    package static let runRecord = ReportFormat(name: "run", fileName: "run.json", summary: "the run record") { record, _, _ in
        try RunRecordFile.encode(record)
    }
}
