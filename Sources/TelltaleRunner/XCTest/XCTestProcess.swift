import Foundation
import TelltaleModel
import TelltaleProcesses

/// Runs a batch of XCTest tests in one process (or a few, for very long selections)
/// and parses the console as it streams.
struct XCTestProcess {
    var context: TestProcessContext
    var listed: [TestID]

    func run(_ batch: TestBatch) async throws -> BatchResult {
        var outcome = BatchResult()
        let watched = context.limits.anyLimit(in: batch.tests)
        for specifiers in BatchArguments.xctest(batch, listed: listed) {
            let recorder = XCTestRecorder(
                requested: batch.tests, limits: context.limits, log: context.log, observer: context.observer,
                packageRoot: context.workingDirectory
            )
            let processID = await context.newProcess()
            let process = context.process(context.launcher.xctestRun(specifiers: specifiers), id: processID)
            await context.log.heading(process.commandLine)
            var check: (@Sendable () async -> Bool)?
            if watched {
                check = { await recorder.checkLimits(now: Date()) }
            }
            let exit = try await context.run(process, onLine: { await recorder.consume($0) }, check: check)
            let finished = await recorder.finish(exit: exit)
            outcome.results += context.place(finished.results, in: processID)
            if !finished.unclaimed.isEmpty, !exit.isSuccess {
                outcome.notes.append("XCTest output outside any test:\n" + finished.unclaimed.suffix(20).joined(separator: "\n"))
            }
            if finished.crashed != nil || (exit != .exited(0) && exit != .exited(1)) {
                outcome.crash = exit
                outcome.lastLines = finished.lastLines
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
    struct Finished {
        var results: [TestResult]
        var crashed: TestID?
        var unclaimed: [String]
        var lastLines: [String]
    }

    private var parser: XCTestConsoleParser
    private var tail = LineBuffer(capacity: CrashReport.tailLineCount)
    private let limits: TimeLimits
    private let log: ProcessLog
    private let observer: any TestRunObserver
    /// Why the watchdog killed the process, once it has.
    private var killReason: String?
    private let packageRoot: String?

    init(requested: [TestID], limits: TimeLimits, log: ProcessLog, observer: any TestRunObserver, packageRoot: String?) {
        parser = XCTestConsoleParser(requested: requested)
        self.limits = limits
        self.log = log
        self.observer = observer
        self.packageRoot = packageRoot
    }

    func consume(_ text: String) async {
        await log.line(text)
        tail.append(text)
        for result in parser.consume(OutputLine(text, time: Date())) {
            await observer.testFinished(result)
        }
    }

    /// True when the running test has overstayed a limit and the process must die.
    func checkLimits(now: Date) -> Bool {
        guard killReason == nil, let running = parser.inFlightSince,
            let reason = limits.violation(of: running.id, startedAt: running.start, now: now)
        else { return false }
        killReason = reason
        return true
    }

    func finish(exit: ProcessExit) async -> Finished {
        let crashed = parser.inFlight
        // Telltale itself was interrupted: the running test did not crash, it was stopped.
        if Task.isCancelled { return Finished(results: parser.finished, crashed: nil, unclaimed: [], lastLines: []) }
        if let result = parser.finish(exit: exit, reason: killReason, packageRoot: packageRoot) {
            await observer.testFinished(result)
        }
        return Finished(results: parser.finished, crashed: crashed, unclaimed: parser.unclaimedOutput, lastLines: tail.lines)
    }
}
