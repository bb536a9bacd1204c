import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// `ctrf.json` beside junit.xml, from real runs of the rich-results and crash fixtures: valid
/// against CTRF's schema (Docs/Schemas/ctrf.schema.json, with PyPI's jsonschema), and saying what
/// run.json says.
@Suite(.tags(.large))
struct CTRFReportTests {
    func document(_ run: FixtureRuns.Run) async throws -> JSONValue {
        let path = "\(run.reportDirectory)/ctrf.json"
        let validation = try await CTRFSchema.validate(path: path)
        #expect(validation.status == 0, "\(validation.output)")
        return try JSONValue(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func tests(_ document: JSONValue) -> [String: JSONValue] {
        guard case .array(let tests)? = document["results"]?["tests"] else { return [:] }
        return Dictionary(tests.map { ($0["testId"]?.stringValue ?? "", $0) }) { first, _ in first }
    }

    @Test func richResultsKeepTheirCasesTagsAndAttachments() async throws {
        let run = try await FixtureRuns.shared.run(fixture: RichResultsRunTests.fixture, extraArguments: RichResultsRunTests.withoutHang)
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        let tests = Self.tests(try await document(run))
        #expect(Set(tests.keys) == Set(record.tests.map(\.id.rawValue)))
        let parameterized = try #require(tests["RichResultsFixtureTests.ParameterizedTests/isSmall(_:)"])
        #expect(parameterized["status"] == "failed")
        guard case .array(let steps)? = parameterized["steps"] else {
            Issue.record("no steps: \(parameterized)")
            return
        }
        #expect(
            Dictionary(uniqueKeysWithValues: steps.map { ($0["name"]?.stringValue ?? "", $0["status"]) }) == [
                "1": "passed", "2": "passed", "3": "failed",
            ])
        let cancelled = try #require(tests["RichResultsFixtureTests.IssueTests/cancelsItself()"])
        #expect(cancelled["status"] == "skipped" && cancelled["message"] == "the sandbox has no network")
        let network = try #require(tests.first { $0.key.hasSuffix("NetworkTests/uploadsAvatar()") }?.value)
        #expect(network["tags"] == ["network", "slow"] || network["tags"] == ["slow", "network"])
        let attached = try #require(tests["RichResultsFixtureTests.AttachmentTests/attachesTextAndImage()"])
        guard case .array(let attachments)? = attached["attachments"] else {
            Issue.record("no attachments: \(attached)")
            return
        }
        #expect(Set(attachments.compactMap { $0["contentType"]?.stringValue }) == ["image/png", "text/plain"])
        for attachment in attachments {
            let path = try #require(attachment["path"]?.stringValue)
            #expect(FileManager.default.fileExists(atPath: "\(run.reportDirectory)/\(path)"), "\(path)")
        }
    }

    @Test func aCrashIsAFailureWhoseRawStatusIsError() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "CrashingFixture")
        let document = try await document(run)
        let tests = Self.tests(document)
        let crash = try #require(tests["CrashingFixtureTests.CrashCases/testB_Crashes"])
        #expect(crash["status"] == "failed" && crash["rawStatus"] == "error")
        #expect(crash["message"]?.stringValue?.contains("signal 4 (SIGILL)") == true)
        #expect(tests["CrashingFixtureTests.SignalCases/b_raisesSignal()"]?["rawStatus"] == "error")
        let summary = try #require(document["results"]?["summary"])
        #expect(summary["tests"] == 8 && summary["passed"] == 4 && summary["failed"] == 4 && summary["skipped"] == 0)
    }

    /// Retried, the crashes and the failure stay failures: each has its first attempt.
    @Test func retriedTestsListTheirEarlierAttempts() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "CrashingFixture", extraArguments: ["--retries", "1"])
        let tests = Self.tests(try await document(run))
        let failing = try #require(tests["CrashingFixtureTests.CrashCases/testD_AfterCrashFails"])
        #expect(failing["retries"] == 1 && failing["flaky"] == nil)
        guard case .array(let attempts)? = failing["retryAttempts"] else {
            Issue.record("no retryAttempts: \(failing)")
            return
        }
        #expect(attempts.map { $0["attempt"] } == [1] && attempts.map { $0["status"] } == ["failed"])
        let crash = try #require(tests["CrashingFixtureTests.CrashCases/testB_Crashes"])
        guard case .array(let crashes)? = crash["retryAttempts"] else {
            Issue.record("no retryAttempts: \(crash)")
            return
        }
        #expect(crashes.first?["extra"]?["telltale.outcome"] == "error")
    }
}
