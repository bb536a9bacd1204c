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
        let result = parser.consume(OutputLine("Test Case '-[Mod.Cases testA]' passed (0.010 seconds).", time: Date())).first
        #expect(result?.id == TestID("Mod.Cases/testA"))
        #expect(result?.duration == 0.010)
    }

    /// Text written without a final newline (stdout or stderr, one pipe or two) comes first on
    /// the line XCTest's next status line ends; the status counts and the text stays output.
    @Test func statusLinesGluedToPartialOutputAreRead() throws {
        let (results, parser) = parse(
            """
            Test Case 'PassingCases.testPrints' started at 2026-11-21 05:23:11.515
            partial on stderrTest Case 'PassingCases.testPrints' passed (0.007 seconds)
            Test Case 'FailingCases.testTwo' started at 2026-11-21 05:23:11.516
            /src/x.swift:3: error: FailingCases.testTwo : XCTAssertTrue failed
            *** Signal 4: Backtracing from 0x7f8aa32f9361...Test Case 'FailingCases.testTwo' failed (0.001 seconds)Test Suite 'FailingCases' failed at 2026-11-21 05:23:11.517
            """)
        #expect(results.map(\.outcome) == [.passed, .failed])
        #expect(results.map(\.duration) == [0.007, 0.001])
        #expect(results[0].output == "partial on stderr")
        #expect(results[1].messages.map(\.text) == ["XCTAssertTrue failed\n*** Signal 4: Backtracing from 0x7f8aa32f9361..."])
        #expect(parser.unclaimedOutput.isEmpty)
        #expect(XCTestStatusLine.pieces(of: "Test Case 'A.b' started at 1") == ["Test Case 'A.b' started at 1"])
        #expect(XCTestStatusLine.pieces(of: "x") == ["x"])
    }

    /// A test that prints lines shaped like XCTest's status for another test (a log replay, a
    /// test of a test helper) keeps its own verdict; the lines are its output.
    @Test func statusLinesForAnotherTestAreOutput() throws {
        let (results, _) = parse(
            """
            Test Case 'PassingCases.testPrints' started at 2026-11-21 05:23:11.515
            Test Case 'FailingCases.testTwo' started at 2026-11-21 05:23:11.515
            Test Case 'FailingCases.testTwo' failed (0.001 seconds).
            Test Suite 'FailingCases' failed at 2026-11-21 05:23:11.517
            Test Case 'PassingCases.testPrints' passed (0.01 seconds)
            Test Case 'FailingCases.testMulti' started at 2026-11-21 05:23:11.518
            /src/x.swift:3: error: FailingCases.testMulti : failed - own
            Test Case 'FailingCases.testThrows' passed (0.001 seconds).
            Test Case 'FailingCases.testMulti' failed (0.02 seconds)
            """)
        #expect(results.map(\.id) == [TestID("Mod.PassingCases/testPrints"), TestID("Mod.FailingCases/testMulti")])
        #expect(results.map(\.outcome) == [.passed, .failed])
        #expect(
            results[0].output
                == """
                Test Case 'FailingCases.testTwo' started at 2026-11-21 05:23:11.515
                Test Case 'FailingCases.testTwo' failed (0.001 seconds).
                Test Suite 'FailingCases' failed at 2026-11-21 05:23:11.517
                """)
        #expect(results[1].messages.map(\.text) == ["failed - own"], "a status-shaped line ends a message")
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
