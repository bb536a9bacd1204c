import Foundation
import TelltaleModel
import TelltaleProcesses
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct XCTestConsoleParserTests {
    let ids = [
        TestID("Mod.FailingCases/testTwo"),
        TestID("Mod.FailingCases/testMulti"),
        TestID("Mod.FailingCases/testThrows"),
        TestID("Mod.SkippedCases/testSkipped"),
        TestID("Mod.PassingCases/testPrints"),
    ]

    func parse(_ transcript: String, exit: ProcessExit = .exited(1)) -> (results: [TestResult], parser: XCTestConsoleParser) {
        var parser = XCTestConsoleParser(requested: ids)
        let start = Date(timeIntervalSince1970: 1_000)
        for (index, line) in transcript.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            _ = parser.consume(OutputLine(String(line), time: start.addingTimeInterval(Double(index))))
        }
        _ = parser.finish(exit: exit)
        return (parser.finished, parser)
    }

    @Test func passingTestWithOutput() throws {
        let (results, _) = parse(
            """
            Test Suite 'Selected tests' started at 2026-11-21 05:23:11.480
            Test Case 'PassingCases.testPrints' started at 2026-11-21 05:23:11.515
            hello from XCTest
            a printed line : that looks like a message
            Test Case 'PassingCases.testPrints' passed (0.25 seconds)
            """)
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.id == TestID("Mod.PassingCases/testPrints"))
        #expect(result.outcome == .passed)
        #expect(result.duration == 0.25)
        #expect(result.messages.isEmpty)
        #expect(result.output == "hello from XCTest\na printed line : that looks like a message")
    }

    @Test func failuresWithLocationsAndMultiLineMessage() throws {
        let (results, _) = parse(
            """
            Test Case 'FailingCases.testMulti' started at 2026-11-21 05:23:11.503
            /src/XCTestCases.swift:18: error: FailingCases.testMulti : failed - first line
            second line <&"'>
            Test Case 'FailingCases.testMulti' failed (0.001 seconds)
            Test Case 'FailingCases.testTwo' started at 2026-11-21 05:23:11.504
            /src/XCTestCases.swift:21: error: FailingCases.testTwo : XCTAssertEqual failed: ("2") is not equal to ("3") - one plus one
            /src/XCTestCases.swift:22: error: FailingCases.testTwo : XCTAssertTrue failed - second failure
            Test Case 'FailingCases.testTwo' failed (0.0 seconds)
            """)
        #expect(results.map(\.outcome) == [.failed, .failed])
        #expect(
            results[0].messages == [
                TestMessage(
                    kind: .failure, text: "failed - first line\nsecond line <&\"'>",
                    location: SourceLocation(file: "/src/XCTestCases.swift", line: 18))
            ])
        #expect(results[1].messages.map(\.location?.line) == [21, 22])
        #expect(results[1].messages[1].text == "XCTAssertTrue failed - second failure")
    }

    @Test func thrownErrorHasNoLocationAndIsAnErrorMessage() throws {
        let (results, _) = parse(
            """
            Test Case 'FailingCases.testThrows' started at 2026-11-21 05:23:11.504
            <EXPR>:0: error: FailingCases.testThrows : threw error "Boom()"
            Test Case 'FailingCases.testThrows' failed (0.0 seconds)
            """)
        #expect(results.first?.outcome == .failed)
        #expect(results.first?.messages == [TestMessage(kind: .error, text: "threw error \"Boom()\"")])
    }

    @Test func skipKeepsReasonAndLocation() throws {
        let (results, _) = parse(
            """
            Test Case 'SkippedCases.testSkipped' started at 2026-11-21 05:23:11.515
            /src/XCTestCases.swift:32: SkippedCases.testSkipped : Test skipped - not on this platform
            Test Case 'SkippedCases.testSkipped' skipped (0.0 seconds)
            """)
        #expect(results.first?.outcome == .skipped)
        #expect(
            results.first?.primaryMessage
                == TestMessage(kind: .skip, text: "not on this platform", location: SourceLocation(file: "/src/XCTestCases.swift", line: 32)))
    }

    @Test func anotherTestsNameInAnErrorLineIsOutputNotAFailure() throws {
        let (results, _) = parse(
            """
            Test Case 'PassingCases.testPrints' started at 2026-11-21 05:23:11.515
            /src/x.swift:1: error: OtherCases.testX : printed by the test
            Test Case 'PassingCases.testPrints' passed (0.0 seconds)
            """)
        #expect(results.first?.messages.isEmpty == true)
        #expect(results.first?.outcome == .passed)
    }

    @Test func crashInFlightBecomesAnErrorWithSignalAndLastLines() throws {
        let (results, _) = parse(
            """
            Test Case 'PassingCases.testPrints' started at 2026-11-21 05:23:11.515
            about to crash
            CrashingFixtureTests/XCTestCrash.swift:7: Fatal error: boom
            """, exit: .signaled(4))
        let result = try #require(results.first)
        #expect(result.outcome == .error)
        let message = try #require(result.messages.last)
        #expect(message.kind == .error)
        #expect(message.text.contains("signal 4 (SIGILL)"))
        #expect(message.text.contains("Fatal error: boom"))
        #expect(message.text.contains("about to crash"))
    }

    @Test func darwinStyleNamesAreNormalised() throws {
        var parser = XCTestConsoleParser(requested: [])
        _ = parser.consume(OutputLine("Test Case '-[Mod.Cases testA]' started.", time: Date()))
        let result = parser.consume(OutputLine("Test Case '-[Mod.Cases testA]' passed (0.010 seconds).", time: Date()))
        #expect(result?.id == TestID("Mod.Cases/testA"))
        #expect(result?.duration == 0.010)
    }

    @Test func linesOutsideTestsAreUnclaimed() {
        let (_, parser) = parse(
            """
            setting up the class
            Test Suite 'FailingCases' started at 2026-11-21 05:23:11.503
            """)
        #expect(parser.unclaimedOutput == ["setting up the class"])
    }
}
