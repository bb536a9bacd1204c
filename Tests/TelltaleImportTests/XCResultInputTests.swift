import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleTestSupport
import Testing

/// What the import accepts, and what it says about input it cannot use.
@Suite(.tags(.medium))
struct XCResultInputTests {
    @Test func aTestsFileAndASummaryFileReadAsTheFolderDoes() async throws {
        let folder = Recording.twoDevices.path
        let pair = try await XCResultFiles.read(path: "\(folder)/tests.json", summary: "\(folder)/summary.json")
        let inFolder = try await Recording.twoDevices.files()
        #expect(pair.tests == inFolder.tests)
        #expect(pair.summary == inFolder.summary)
    }

    @Test func withoutASummaryTheRecordSaysWhatIsUnknown() async throws {
        let files = try await XCResultFiles.read(path: "\(Recording.twoDevices.path)/tests.json")
        #expect(files.summary == nil)
        let record = XCResultRecord.make(files, options: XCResultRecord.Options(toolVersion: "test"))
        #expect(record.notes.contains { $0.hasPrefix("no summary JSON") })
        #expect(record.tests.count == 8)
    }

    @Test(.disabled(if: Platform.isMacOS, "macOS reads a bundle with xcresulttool"))
    func aBundleOffMacOSSaysHowToExportTheJSON() async throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("Run-\(UUID().uuidString).xcresult")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let error = await #expect(throws: XCResultImportError.self) { try await XCResultFiles.read(path: bundle.path) }
        #expect(error?.reason.contains("only on macOS") == true)
        #expect(error?.remedy.contains("xcrun xcresulttool get test-results tests --path BUNDLE") == true)
    }

    @Test func legacyOrForeignJSONNamesWhatIsMissing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID().uuidString).json")
        try Data(#"{"actions": {"_type": {"_name": "Array"}}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = await #expect(throws: XCResultImportError.self) { try await XCResultFiles.read(path: file.path) }
        #expect(error?.reason.contains("testNodes") == true)
        #expect(error?.remedy.contains("--legacy") == true)
    }

    @Test func aMissingPathIsNamed() async throws {
        let error = await #expect(throws: XCResultImportError.self) { try await XCResultFiles.read(path: "/nonexistent/run") }
        #expect(error?.path == "/nonexistent/run")
    }

    @Test func anUnknownResultIsAnErrorThatSaysWhatTheJSONSaid() throws {
        let tests = try JSONDecoder().decode(
            XCResultTests.self,
            from: Data(
                #"{"devices": [], "testPlanConfigurations": [], "testNodes": [{"nodeType": "Unit test bundle", "name": "AppTests", "children": [{"nodeType": "Test Case", "name": "testCrash()", "nodeIdentifier": "Crashy/testCrash()", "result": "unknown", "children": [{"nodeType": "Future Node", "name": "?"}]}]}]}"#
                    .utf8))
        let output = XCResultImport(tests: tests, summary: nil).read()
        let result = try #require(output.results.first)
        #expect(result.id == TestID("AppTests.Crashy/testCrash"))
        #expect(result.outcome == .error)
        #expect(result.primaryMessage?.text.contains("`unknown`") == true)
        #expect(output.notes.contains { $0.contains("Future Node") })
        #expect(output.notes.contains { $0.contains("durationInSeconds") })
    }
}
