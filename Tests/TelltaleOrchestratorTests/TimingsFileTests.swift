import Foundation
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

@Suite(.tags(.medium))
final class TimingsFileTests {
    /// Each test's files, in a folder of its own removed when the test ends.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TimingsFileTests-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ text: String, _ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func readsAnyJUnitByClassnameAndName() throws {
        let path = try write(
            """
            <?xml version="1.0"?>
            <testsuites><testsuite name="s" tests="2" failures="0" errors="0">
              <testcase classname="App.LoginTests" name="testOK" time="1.250"/>
              <testcase classname="App.Checkout.Declined" name="refuses()" time="0.5"/>
              <testcase classname="App.NoTime" name="testX"/>
            </testsuite></testsuites>
            """, "junit.xml")
        #expect(try TimingsFile.read(path: path) == ["App.LoginTests/testOK": 1.25, "App.Checkout.Declined/refuses()": 0.5])
    }

    @Test func readsARunRecord() throws {
        let path = try write(
            """
            {"schemaVersion": 1, "tool": {"name": "telltale", "version": "1"},
             "plan": {"name": "p", "package": "."}, "environment": {"host": "h", "operatingSystem": "o"},
             "startedAt": "2026-11-21T05:20:00Z", "duration": 3,
             "tests": [{"id": "App.Checkout/Declined/refuses()", "framework": "swift-testing", "outcome": "passed", "duration": 2.5}]}
            """, "run.json")
        #expect(try TimingsFile.read(path: path) == ["App.Checkout.Declined/refuses()": 2.5])
    }

    @Test func neitherFormatIsAClearError() throws {
        let path = try write("just text", "notes.txt")
        #expect {
            try TimingsFile.read(path: path)
        } throws: { error in
            (error as? TimingsFile.TimingsFileError)?.errorDescription?.contains("neither a run.json nor JUnit XML") == true
        }
    }
}
