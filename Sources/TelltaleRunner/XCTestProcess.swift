import Foundation
import TelltaleModel

/// Runs a batch of XCTest tests in one process (or a few, for very long selections)
/// and parses the console as it streams.
struct XCTestProcess {
    var context: TestProcessContext
    var listed: [TestID]

    func run(_ batch: TestBatch) async throws -> BatchResult {
        var outcome = BatchResult()
        for arguments in BatchArguments.xctest(batch, listed: listed) {
            let recorder = XCTestRecorder(requested: batch.tests, log: context.log, observer: context.observer)
            let process = context.process(arguments: arguments)
            await context.log.heading(process.commandLine)
            let exit = try await process.run { await recorder.consume($0) }
            let (results, crashedTest, unclaimed, lastLines) = await recorder.finish(exit: exit)
            outcome.results += results
            if !unclaimed.isEmpty, !exit.isSuccess {
                outcome.notes.append("XCTest output outside any test:\n" + unclaimed.suffix(20).joined(separator: "\n"))
            }
            let abnormal = crashedTest != nil || (exit != .exited(0) && exit != .exited(1))
            if abnormal {
                outcome.crash = exit
                outcome.lastLines = lastLines
            }
        }
        if outcome.crash != nil {
            let done = Set(outcome.results.map(\.id))
            outcome.notStarted = batch.tests.filter { !done.contains($0) }
        }
        return outcome
    }
}

/// Owns the parser while a process streams; lines arrive one at a time.
actor XCTestRecorder {
    private var parser: XCTestConsoleParser
    private var tail = LineBuffer(capacity: CrashReport.tailLineCount)
    private let log: ProcessLog
    private let observer: any TestRunObserver

    init(requested: [TestID], log: ProcessLog, observer: any TestRunObserver) {
        parser = XCTestConsoleParser(requested: requested)
        self.log = log
        self.observer = observer
    }

    func consume(_ text: String) async {
        await log.line(text)
        tail.append(text)
        if let result = parser.consume(OutputLine(text, time: Date())) {
            await observer.testFinished(result)
        }
    }

    func finish(exit: ProcessExit) async -> (results: [TestResult], crashed: TestID?, unclaimed: [String], lastLines: [String]) {
        let crashed = parser.inFlight
        if let result = parser.finish(exit: exit) {
            await observer.testFinished(result)
        }
        return (parser.finished, crashed, parser.unclaimedOutput, tail.lines)
    }
}
