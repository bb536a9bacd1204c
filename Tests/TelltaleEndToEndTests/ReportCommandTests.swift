import Foundation
import TelltaleTestSupport
import Testing

/// `telltale report` rebuilds every report from run.json alone.
@Suite(.tags(.large))
struct ReportCommandTests {
    @Test func regeneratesTheSameJUnitFromRunJSON() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let out = try TelltaleProcess.temporaryDirectory("report")
        let result = try await TelltaleProcess.run(["report", run.reportDirectory, "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("9 passed, 5 failed, 2 skipped"))
        let original = try Data(contentsOf: URL(fileURLWithPath: "\(run.reportDirectory)/junit.xml"))
        let regenerated = try Data(contentsOf: URL(fileURLWithPath: "\(out)/junit.xml"))
        #expect(original == regenerated)
    }

    @Test func missingRecordIsAClearError() async throws {
        let result = try await TelltaleProcess.run(["report", "/nonexistent/folder"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/folder/run.json"))
    }
}
