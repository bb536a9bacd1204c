import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// `telltale history import` of a run's `run.json` and of its JUnit give the scheduler the
/// same durations, under the same keys as a recorded run.
@Suite(.tags(.medium))
final class HistoryImportTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("HistoryImportTests-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Every shape of id: XCTest, nested Swift Testing, a free function, a same-named pair with
    /// source locations, a retried test, a skip. Durations in whole milliseconds, as JUnit writes them.
    static let record = RunRecord(
        tool: ToolInfo(version: "test"), plan: PlanSummary(name: "import", path: nil, package: "."),
        environment: RunEnvironment(host: "ci", operatingSystem: "linux", gitCommit: "abc"),
        startedAt: Date(timeIntervalSince1970: 1_795_238_400), duration: 9,
        tests: [
            TestResult(id: TestID("App.LoginTests/testOK"), framework: .xctest, outcome: .passed, duration: 1.25),
            TestResult(id: TestID("App.Checkout/Declined/refuses()"), framework: .swiftTesting, outcome: .failed, duration: 0.5),
            TestResult(id: TestID("App.free()"), framework: .swiftTesting, outcome: .passed, duration: 0.002),
            TestResult(id: TestID("ModA.Shared/same()/Shared.swift:16:6"), framework: .swiftTesting, outcome: .passed, duration: 3),
            TestResult(id: TestID("ModB.Shared/same()/Shared.swift:18:6"), framework: .swiftTesting, outcome: .passed, duration: 4),
            TestResult(
                id: TestID("App.LoginTests/testRetried"), framework: .xctest, outcome: .passed, duration: 0.75,
                previousAttempts: [TestAttempt(outcome: .failed, duration: 0.7, messages: [TestMessage(kind: .failure, text: "boom")])]
            ),
            TestResult(id: TestID("App.LoginTests/testSkipped"), framework: .xctest, outcome: .skipped, duration: 0),
        ]
    )

    func imported(_ file: String, data: Data) async throws -> (durations: [String: Double], flaky: [FlakyScore]) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/\(file)"
        try data.write(to: URL(fileURLWithPath: path))
        let store = try HistoryStore(path: "\(folder)/\(file).sqlite")
        let outcomes = try await HistoryImport.run(files: [path], into: store)
        #expect(outcomes.map(\.added) == [true])
        #expect(try await HistoryImport.run(files: [path], into: store).map(\.added) == [false])
        return (try await store.durations(), try await store.flakyScores())
    }

    @Test func runJSONAndJUnitGiveTheSchedulerTheSameDurations() async throws {
        let context = ReportContext(generatedAt: Self.record.startedAt, toolVersion: "test", sourceRoot: "/repo")
        let fromRun = try await imported("run.json", data: try RunRecordFile.encode(Self.record))
        let fromJUnit = try await imported("junit.xml", data: JUnitWriter().write(Self.record, context: context))
        let expected = [
            "App.LoginTests/testOK": 1.25, "App.Checkout.Declined/refuses()": 0.5, "App/free()": 0.002,
            "ModA.Shared/same()/Shared.swift:16:6": 3, "ModB.Shared/same()/Shared.swift:18:6": 4, "App.LoginTests/testRetried": 0.75,
        ]
        #expect(fromRun.durations == expected)
        #expect(fromJUnit.durations == expected)
        // The keys are those the scheduler looks tests up by.
        #expect(Set(Self.record.tests.filter { $0.outcome != .skipped }.map(\.id.timingKey)) == Set(expected.keys))
        // The retry survives JUnit (as Surefire's flakyFailure): both count the test flaky.
        #expect(fromRun.flaky.map(\.testID) == ["App.LoginTests/testRetried"])
        #expect(fromJUnit.flaky.map(\.testID) == ["App.LoginTests/testRetried"])
    }

    @Test func anUnreadableFileIsAClearError() async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/notes.txt"
        try "just text".write(toFile: path, atomically: true, encoding: .utf8)
        let store = try HistoryStore(path: "\(folder)/h.sqlite")
        await #expect {
            try await HistoryImport.run(files: [path], into: store)
        } throws: { error in
            (error as? EarlierRunFile.EarlierRunFileError)?.localizedDescription
                == "\(path): neither a run.json nor JUnit XML; give a run.json or a JUnit XML file from an earlier run"
        }
    }
}
