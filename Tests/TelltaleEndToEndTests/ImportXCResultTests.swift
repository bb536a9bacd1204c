import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The built `telltale import xcresult` on the recorded xcresulttool JSON in
/// Tests/TelltaleImportTests/Recordings: every report, the history, the exit status.
@Suite(.tags(.medium))
struct ImportXCResultTests {
    static let recordings = "\(TelltaleProcess.repositoryRoot)/Tests/TelltaleImportTests/Recordings"

    let folder: String

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("ImportXCResultTests")
    }

    @Test func importsARunIntoEveryReportAndTheHistory() async throws {
        let reports = "\(folder)/reports"
        let history = "\(folder)/history.sqlite"
        let result = try await TelltaleProcess.run([
            "import", "xcresult", "\(Self.recordings)/MixedSingleDevice", "--report-dir", reports, "--history", history, "--annotations", "github",
        ])
        #expect(result.status == 1, "a test failed; stderr: \(result.stderr)")
        #expect(result.stdout.contains("7 passed, 4 failed, 2 skipped (1 flaky)"), "\(result.stdout)")
        #expect(result.stdout.contains("::error file=CartTests.swift,line=42,"))
        for file in ["run.json", "junit.xml", "index.html", "summary.md", "ctrf.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(reports)/\(file)"), "\(file) missing")
        }
        let validation = try await XMLLint.validate(path: "\(reports)/junit.xml")
        #expect(validation.status == 0, "xmllint: \(validation.output)")

        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(record.tests.count == 13)
        #expect(record.history?.runs.count == 1, "the run was recorded and its digest drawn")
        let flaky = try await TelltaleProcess.run(["history", "flaky", "--history", history])
        #expect(flaky.status == 0, "stderr: \(flaky.stderr)")
        #expect(flaky.stdout.contains("ShopAppTests.CartTests/testSyncAfterReconnect"), "\(flaky.stdout)")
    }

    @Test func aQuarantinedFailureDoesNotFailTheImport() async throws {
        let plan = "\(folder)/plan.yml"
        try """
        version: 1
        quarantine:
          - test: /testCheckoutButtonTitle/
            reason: the German title is truncated (#88)
            owner: "@ana"
            until: 2099-12-31
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let arguments = ["import", "xcresult", "\(Self.recordings)/TwoConfigurations", "--report-dir", "\(folder)/reports", "--no-history"]
        let failing = try await TelltaleProcess.run(arguments)
        #expect(failing.status == 1, "stderr: \(failing.stderr)")
        let excused = try await TelltaleProcess.run(arguments + ["--plan", plan])
        #expect(excused.status == 0, "stderr: \(excused.stderr)")
        #expect(excused.stdout.contains("5 passed, 1 failed, 2 skipped (1 quarantined)"), "\(excused.stdout)")
    }

    @Test(.disabled(if: Platform.isMacOS, "macOS reads a bundle with xcresulttool"))
    func aBundleOffMacOSIsAUsageErrorThatSaysWhatToRun() async throws {
        let bundle = "\(folder)/Test-ShopApp.xcresult"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let result = try await TelltaleProcess.run(["import", "xcresult", bundle, "--no-history", "--report-dir", "\(folder)/reports"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(bundle))
        #expect(result.stderr.contains("xcrun xcresulttool get test-results summary --path BUNDLE > summary.json"))
    }
}
