import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Diff coverage end to end, in a real git repository made by the test: the coverage fixture,
/// committed, then one line a test runs and one no test runs changed. Every review tool's output
/// says 1 of 2, names the line that did not run, and `diffMinimum: 60` fails the run.
@Suite(.tags(.large), .serialized)
struct CoverageDiffRunTests {
    struct Changed {
        var package: String
        var reports: String
        var result: TelltaleProcess.Result
        var record: RunRecord
    }

    /// The run, once for every test here.
    static let changed = Task<Changed, any Error> {
        let folder = try TelltaleProcess.temporaryDirectory("CoverageDiffRunTests")
        let package = "\(folder)/\(CoverageRunTests.fixture)"
        try FixtureSources.copy(FixtureRuns.package(CoverageRunTests.fixture), to: package)
        try Data(".build/\nReports/\n".utf8).write(to: URL(fileURLWithPath: "\(package)/.gitignore"))
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "fixture"]] {
            let git = try await TelltaleProcess.runProcess("/usr/bin/env", ["git"] + arguments, in: package)
            try #require(git.status == 0, "git \(arguments): \(git.stderr)")
        }
        // Line 11 runs (a square's area); line 22 never does (the negative sign).
        let shapes = "\(package)/\(CoverageRunTests.shapes)"
        var text = try String(contentsOfFile: shapes, encoding: .utf8)
        text = text.replacingOccurrences(of: "        return side * side\n", with: "        return (side * side)\n")
        text = text.replacingOccurrences(of: "        return \"negative\"\n", with: "        return \"negative!\"\n")
        try text.write(toFile: shapes, atomically: true, encoding: .utf8)
        let plan = "\(folder)/plan.yml"
        try """
        version: 1
        package: \(package)
        retries: 1
        coverage:
          diffMinimum: 60

        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let reports = "\(package)/Reports"
        let result = try await TelltaleProcess.run(
            ["run", plan, "--coverage-base", "HEAD", "--annotations", "github", "--workers", "2", "--report-dir", reports])
        return Changed(package: package, reports: reports, result: result, record: try RunRecordFile.read(path: "\(reports)/run.json"))
    }

    @Test func oneOfTheTwoChangedLinesRanAndTheGateFailsTheRun() async throws {
        let run = try await Self.changed.value
        #expect(run.result.status == 1, "stdout: \(run.result.stdout)\nstderr: \(run.result.stderr)")
        #expect(run.record.tests.allSatisfy { !$0.failsRun }, "only the gate fails the run")
        let diff = try #require(run.record.coverage?.diff)
        #expect(diff.lines == CoverageCount(covered: 1, total: 2))
        #expect(
            diff.files == [
                DiffCoverageFile(path: CoverageRunTests.shapes, lines: CoverageCount(covered: 1, total: 2), uncovered: [LineRange(22, 22)])
            ])
        #expect(
            run.result.stderr.contains(
                "error: diff coverage 50.0% (1/2 lines) is below the diffMinimum of 60%; worst files: Sources/Shapes/Shapes.swift (1/2, not run: lines 22)"
            ),
            "\(run.result.stderr)")
        #expect(run.result.stdout.contains("diff coverage 1/2, 50.0%"), "\(run.result.stdout)")
        let summary = try String(contentsOfFile: "\(run.reports)/summary.md", encoding: .utf8)
        #expect(
            summary.contains("### Changed lines no test ran (1)") && summary.contains("| `Sources/Shapes/Shapes.swift` | 1/2 | 22 |"), "\(summary)")
        #expect(summary.contains("❌ diff coverage 50.0%"))
    }

    @Test func theGitHubAnnotationNamesTheLineThatDidNotRun() async throws {
        let run = try await Self.changed.value
        let annotations = run.result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        // The retried crash is annotated as flaky too; the coverage warning is the changed line that did not run.
        #expect(
            annotations.filter { $0.contains("title=Not covered by tests") } == [
                "::warning file=Sources/Shapes/Shapes.swift,line=22,title=Not covered by tests::Line 22 changed since HEAD, and no test ran it"
            ], "\(annotations)")
    }

    @Test func harbormasterMarksTheUncoveredLineUAndTheCoveredOneC() async throws {
        let run = try await Self.changed.value
        let out = try TelltaleProcess.temporaryDirectory("coverage-harbormaster")
        let report = try await TelltaleProcess.run(["report", run.reports, "--format", "harbormaster", "--out", out])
        #expect(report.status == 0, "\(report.stderr)")
        let check = try await ChildProcesses.run(
            "python3", ["\(ExitStatusTests.fixtures)/harbormasterMatchesConduitsMethod.py", "\(out)/harbormaster.json"])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderrText)")
        let message = try JSONDecoder().decode(
            HarbormasterWriter.Message.self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/harbormaster.json")))
        #expect(message.type == "fail")
        let unit = try #require(message.unit.first { $0.engine == "telltale/coverage" })
        #expect(unit.result == "fail")
        let string = Array(try #require(unit.coverage?[CoverageRunTests.shapes], "\(unit)"))
        #expect(string.count == 29)
        #expect(string[10] == "C", "line 11 ran")
        #expect(string[21] == "U", "line 22 did not")
        #expect(string[0] == "N" && string[16] == "N", "comments are not executable")
        #expect(unit.coverage?.keys.sorted() == [CoverageRunTests.shapes], "only the changed file")
    }

    /// The Coverage section and a changed file's marked source, in headless Chromium from file://.
    @Test func theHTMLShowsTheSectionAndTheMarkedSource() async throws {
        let run = try await Self.changed.value
        let page = URL(fileURLWithPath: "\(run.reports)/index.html")
        let dom = try await Chromium.dumpDOM(page).stdout
        #expect(dom.contains("Coverage: lines 81.5% (22/27)"), "\(dom.prefix(4000))")
        #expect(dom.contains("changed lines 50.0% (1/2)"))
        #expect(dom.contains("diff coverage 50.0% (1/2 lines) is below the diffMinimum of 60%"))
        #expect(dom.contains(">Pricing<") && dom.contains(">Shapes<"), "the targets table")
        #expect(dom.contains(#"<span class="verdict failed">FAILED</span>"#), "the gate fails the run")

        let source = try #require(
            URL(string: page.absoluteString + "#coverage=" + CoverageRunTests.shapes.replacingOccurrences(of: "/", with: "%2F")))
        let marked = try await Chromium.dumpDOM(source).stdout
        #expect(marked.contains(#"<div class="ln unc chg" id="L22">"#), "\(marked.suffix(6000))")
        #expect(marked.contains(#"<div class="ln cov chg" id="L11">"#))
        #expect(marked.contains(#"<div class="ln unc" id="L28">"#))
        #expect(marked.contains(#"<div class="ln none" id="L17">"#))

        let files = try #require(URL(string: page.absoluteString + "#coverage"))
        let listed = try await Chromium.dumpDOM(files).stdout
        #expect(listed.contains("Coverage by file") && listed.contains("Sources/Pricing/Pricing.swift"))

        let folder = URL(fileURLWithPath: TelltaleProcess.repositoryRoot).appendingPathComponent("Reports/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await Chromium.screenshot(source, to: folder.appendingPathComponent("html-report-coverage.png").path)
        try await Chromium.screenshot(files, to: folder.appendingPathComponent("html-report-coverage-files.png").path, dark: true)
    }
}
