import Foundation
import TelltaleModel
import TelltaleProcesses
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// What the Darwin launcher reads on macOS, parsed by the same code as on Linux: XCTest's
/// console in Darwin's spellings (Recordings/Darwin, see its README for the sources of each
/// spelling), the helper's JSON test list, and Swift Testing's event stream with macOS paths.
@Suite(.tags(.small))
struct DarwinRecordingTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Recordings")

    static func lines(_ name: String) throws -> [String] {
        try String(contentsOf: recordings.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every line through the parser, a second apart; the exit as the process ended.
    static func parse(_ name: String, requested: [TestID], exit: ProcessExit) throws -> [String: TestResult] {
        var parser = XCTestConsoleParser(requested: requested)
        let start = Date(timeIntervalSince1970: 1_000)
        for (index, line) in try lines(name).enumerated() {
            _ = parser.consume(OutputLine(line, time: start.addingTimeInterval(Double(index))))
        }
        _ = parser.finish(exit: exit)
        return Dictionary(uniqueKeysWithValues: parser.finished.map { ($0.id.rawValue, $0) })
    }

    @Test func darwinXCTestConsoleGivesEachTestItsOutcomeMessagesAndOutput() throws {
        let requested = [
            "FailingCases/testMultiLineMessage", "FailingCases/testThrows", "FailingCases/testTwoFailures",
            "PassingCases/testAddition", "PassingCases/testPrintsOutput", "SkippedCases/testSkipped",
        ].map { TestID("MixedFixtureTests.\($0)") }
        let results = try Self.parse("Darwin/MixedFixture-xctest-console.txt", requested: requested, exit: .exited(1))
        #expect(Set(results.keys) == Set(requested.map(\.rawValue)))
        func result(_ name: String) throws -> TestResult { try #require(results["MixedFixtureTests.\(name)"]) }

        let multiLine = try result("FailingCases/testMultiLineMessage")
        #expect(multiLine.outcome == .failed)
        #expect(multiLine.messages.map(\.text) == ["failed - first line\nsecond line <&\"'>"])
        #expect(multiLine.messages.first?.location?.line == 18)
        #expect(multiLine.messages.first?.location?.file.hasSuffix("MixedFixtureTests/XCTestCases.swift") == true)

        let thrown = try result("FailingCases/testThrows")
        #expect(thrown.outcome == .failed)
        #expect(thrown.messages.map(\.kind) == [.error], "a thrown error is XCTest's unexpected failure")
        #expect(thrown.messages.first?.location == nil, "<unknown>:0 is no location")

        let two = try result("FailingCases/testTwoFailures")
        #expect(two.messages.count == 2)
        #expect(two.duration == 0.101)

        #expect(try result("PassingCases/testAddition").outcome == .passed)
        let printing = try result("PassingCases/testPrintsOutput")
        #expect(printing.output == "hello from XCTest\nsecond line")

        let skipped = try result("SkippedCases/testSkipped")
        #expect(skipped.outcome == .skipped)
        #expect(skipped.messages.map(\.text) == ["not on this platform"])
        #expect(skipped.duration == 0.004)
    }

    @Test func aDarwinCrashBlamesTheTestThatWasRunning() throws {
        let requested = ["testA_BeforeCrash", "testB_Crashes", "testC_AfterCrash"].map { TestID("CrashingFixtureTests.CrashCases/\($0)") }
        let results = try Self.parse("Darwin/CrashingFixture-xctest-console.txt", requested: requested, exit: .signaled(4))
        #expect(results["CrashingFixtureTests.CrashCases/testA_BeforeCrash"]?.outcome == .passed)
        let crashed = try #require(results["CrashingFixtureTests.CrashCases/testB_Crashes"])
        #expect(crashed.outcome == .error)
        #expect(crashed.messages.last?.text.contains("signal 4 (SIGILL)") == true)
        #expect(crashed.messages.last?.text.contains("Fatal error: boom from XCTest") == true)
        #expect(results["CrashingFixtureTests.CrashCases/testC_AfterCrash"] == nil, "never started: run again in a new process")
    }

    /// The JSON `swiftpm-xctest-helper` writes on macOS is the form Linux's XCTest prints for
    /// `--dump-tests-json`; this recording is MixedFixture's, from the real binary.
    @Test func theHelpersJSONListNamesEveryXCTestTest() throws {
        let data = try Data(contentsOf: Self.recordings.appendingPathComponent("MixedFixture-dump-tests-json.json"))
        let ids = try XCTestListJSON.ids(from: data).map(\.rawValue)
        #expect(ids.count == 8)
        #expect(ids.first == "MixedFixtureTests.FailingCases/testMultiLineMessage")
        #expect(ids.contains("MixedFixtureTests.SkippedCases/testSkipped"))
        #expect(throws: (any Error).self) { try XCTestListJSON.ids(from: Data("Listing 8 tests".utf8)) }
    }

    /// Swift Testing's event stream is the same JSON on every platform; on macOS its source
    /// paths are `/Users/…` and its test ids name the file the same way. The 6.3 recording,
    /// its paths rewritten as macOS writes them, gives the same results.
    @Test func theEventStreamWithMacOSPathsParsesAlike() throws {
        let linux = try SwiftTestingEventStreamRecordingTests.lines().map(String.init)
        let darwin = linux.map { $0.replacingOccurrences(of: #""/src/"#, with: #""/Users/runner/work/telltale/"#) }
        #expect(darwin != linux, "the recording's paths were rewritten")
        func results(_ lines: [String]) -> [String: TestOutcome] {
            var parser = SwiftTestingEventParser(requested: SwiftTestingEventStreamRecordingTests.requested)
            for line in lines { _ = parser.consume(jsonLine: line[...]) }
            return Dictionary(uniqueKeysWithValues: parser.finished.map { ($0.id.rawValue, $0.outcome) })
        }
        #expect(results(darwin) == results(linux))
        #expect(results(darwin).count == SwiftTestingEventStreamRecordingTests.requested.count)
    }
}
