import Foundation
import Synchronization
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

@Suite(.tags(.small))
struct ConsoleProgressTests {
    final class Output: Sendable {
        private let text = Mutex("")
        func write(_ chunk: String) { text.withLock { $0 += chunk } }
        var value: String { text.withLock { $0 } }
    }

    let passed = TestResult(id: TestID("M.A/testOK"), framework: .xctest, outcome: .passed, duration: 0.0123)
    let failed = TestResult(
        id: TestID("M.A/testBad"), framework: .xctest, outcome: .failed, duration: 1.5,
        messages: [TestMessage(kind: .failure, text: "XCTAssertEqual failed\nmore", location: SourceLocation(file: "Tests/A.swift", line: 9))]
    )
    let skipped = TestResult(
        id: TestID("M.A/testLater"), framework: .xctest, outcome: .skipped, messages: [TestMessage(kind: .skip, text: "not here")])

    @Test func ciStyleWritesOneLinePerTestWithTheFirstFailureLine() async {
        let output = Output()
        let progress = ConsoleProgress(style: .lines, write: output.write)
        await progress.runStarting(testCount: 3)
        for result in [passed, failed, skipped] { await progress.testFinished(result) }
        #expect(
            output.value == """
                running 3 tests
                ✔ M.A/testOK (0.012s)
                ✘ M.A/testBad failed (1.500s)
                    Tests/A.swift:9: XCTAssertEqual failed
                ↷ M.A/testLater skipped: not here

                """)
    }

    @Test func terminalStyleRedrawsOneCounterLineAndKeepsFailuresAbove() async {
        let output = Output()
        let clock = FixedClock(Date(timeIntervalSince1970: 0))
        let progress = ConsoleProgress(style: .live, write: output.write, now: clock.now)
        await progress.runStarting(testCount: 2)
        clock.advance(by: 4)
        await progress.testFinished(passed)
        await progress.testFinished(failed)
        await progress.finish()
        let text = output.value
        #expect(text.contains("\r\u{1B}[2K[1/2] 1 passed, 0 failed, 0 skipped · ETA 4s · M.A/testOK"))
        #expect(text.contains("✘ M.A/testBad failed (1.500s)\n    Tests/A.swift:9: XCTAssertEqual failed\n"))
        #expect(text.contains("[2/2] 1 passed, 1 failed, 0 skipped · M.A/testBad"))
        #expect(text.hasSuffix("\r\u{1B}[2K"))
        #expect(!text.contains("✔ M.A/testOK"))
    }

    @Test func retriesGrowTheTotal() async {
        let output = Output()
        let progress = ConsoleProgress(style: .lines, write: output.write)
        await progress.runStarting(testCount: 1)
        await progress.testFinished(failed)
        await progress.retrying(testCount: 1, attempt: 1)
        #expect(output.value.hasSuffix("retrying 1 failed test (retry 1)\n"))
    }

    final class FixedClock: Sendable {
        private let time: Mutex<Date>
        init(_ start: Date) { time = Mutex(start) }
        func advance(by seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
        var now: @Sendable () -> Date { { self.time.withLock { $0 } } }
    }

    @Test func ciEnvironmentOrAPipeMeansLineStyle() {
        #expect(ConsoleProgress.automaticStyle(environment: ["CI": "true", "TERM": "xterm"]) == .lines)
    }
}
