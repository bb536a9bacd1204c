import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// The report folder writes, clears and lists what `ReportFormat.registered` names, and nothing else.
@Suite(.tags(.small))
struct ReportDirectoryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ReportDirectoryTests-\(UUID().uuidString)").path
    var directory: ReportDirectory { ReportDirectory(path: folder) }

    static let record = RunRecord(
        tool: ToolInfo(version: "test"), plan: PlanSummary(name: "folder", path: nil, package: "."),
        environment: RunEnvironment(host: "ci", operatingSystem: "linux"),
        startedAt: Date(timeIntervalSince1970: 1_795_238_400), duration: 1,
        tests: [TestResult(id: TestID("App.LoginTests/testOK"), framework: .xctest, outcome: .passed, duration: 0.5)]
    )
    static let context = ReportContext(generatedAt: Date(timeIntervalSince1970: 1_795_238_400), toolVersion: "test")

    func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    @Test func aRunWritesEveryFormatWrittenByDefaultAndListsIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try directory.prepare()
        try directory.writeReports(Self.record, context: Self.context)
        // `coverage` writes its files only for a run that measured coverage; this one did not.
        let expected = ReportFormat.writtenByDefault.filter { $0.name != "coverage" }.map(\.fileName)
        #expect(ReportFormat.writtenByDefault.contains { $0.name == "coverage" })
        #expect(expected.contains("ctrf.json") && expected.contains("junit.xml") && !expected.contains("harbormaster.json"))
        #expect(try names() == Set(expected + ["logs"]))
        let listing = directory.listing()
        #expect(listing.hasPrefix("\(folder)/index.html (open it in a browser), junit.xml, "))
        #expect(listing.components(separatedBy: ", ").count == expected.count)
        for name in expected { #expect(listing.contains(name)) }
    }

    @Test func prepareClearsEveryFormatsFilesAndNothingElse() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/attachments/T", withIntermediateDirectories: true)
        let earlier = [
            "run.json", "junit.xml", "junit-2.xml", "index.html", "ctrf.json", "harbormaster.json", "summary.remarkup",
            "coverage.lcov", "coverage.xml", "coverage-2.xml", "coverage.json", "coverage.profdata", "notes.txt",
        ]
        for name in earlier { try Data("old".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        try directory.prepare()
        #expect(try names() == ["notes.txt", "logs"])
    }

    @Test func junitFilesOfAnEarlierLargerRunAreRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["junit-2.xml", "junit-10.xml"] { try Data("old".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        let junit = try #require(ReportFormat.named("junit"))
        try directory.write([junit], Self.record, context: Self.context)
        #expect(try names() == ["junit.xml"])
        #expect(directory.files(of: [junit]) == ["\(folder)/junit.xml"])
    }

    @Test func oneFormatIsWrittenAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let harbormaster = try #require(ReportFormat.named("harbormaster"))
        try directory.write([harbormaster], Self.record, context: Self.context)
        #expect(try names() == ["harbormaster.json", "summary.remarkup"])
        #expect(directory.listing([harbormaster]) == "\(folder)/harbormaster.json, summary.remarkup")
    }
}
