import Foundation
import TelltaleModel

/// Runs a batch of Swift Testing tests in one process, reading the JSON event
/// stream as it is written.
struct SwiftTestingProcess {
    var context: TestProcessContext
    var listed: [TestID]

    /// How often the event file is read while tests run; only live progress waits on it.
    static let tailInterval = Duration.milliseconds(100)

    func run(_ batch: TestBatch) async throws -> BatchResult {
        var outcome = BatchResult()
        for (index, filters) in BatchArguments.swiftTestingFilters(batch, listed: listed).enumerated() {
            let eventPath = "\(context.scratchDirectory)/events-\(UUID().uuidString)-\(index).jsonl"
            var arguments = [
                "--testing-library", "swift-testing", "--quiet",
                "--event-stream-output-path", eventPath, "--event-stream-version", "0",
            ]
            if batch.isolated { arguments.append("--no-parallel") }
            arguments += filters
            let recorder = SwiftTestingRecorder(
                requested: batch.tests, eventPath: eventPath, log: context.log, observer: context.observer
            )
            let process = context.process(arguments: arguments)
            await context.log.heading(process.commandLine)
            let exit = try await withThrowingTaskGroup(of: ProcessExit?.self) { group in
                group.addTask { try await process.run { await recorder.consume(line: $0) } }
                group.addTask {
                    while !Task.isCancelled {
                        await recorder.drainEvents()
                        try? await Task.sleep(for: Self.tailInterval)
                    }
                    return nil
                }
                var exit: ProcessExit?
                for try await value in group where value != nil {
                    exit = value
                    group.cancelAll()
                }
                return exit!
            }
            let finished = await recorder.finish(exit: exit)
            try? FileManager.default.removeItem(atPath: eventPath)
            outcome.results += finished.results
            outcome.notes += finished.notes
            if !finished.runEnded {
                outcome.crash = exit
                outcome.lastLines = finished.lastLines
                outcome.ambiguousCrash += finished.inFlightAtExit.count > 1 ? finished.inFlightAtExit : []
            }
        }
        if outcome.crash != nil {
            let done = Set(outcome.results.map(\.id)).union(outcome.ambiguousCrash)
            outcome.notStarted = batch.tests.filter { !done.contains($0) }
        }
        return outcome
    }
}

/// Owns the event parser and the process's output lines while it runs.
actor SwiftTestingRecorder {
    struct Finished {
        var results: [TestResult]
        var runEnded: Bool
        var inFlightAtExit: [TestID]
        var lastLines: [String]
        var notes: [String]
    }

    private var parser: SwiftTestingEventParser
    private var tail: FileTail
    private var lines: [OutputLine] = []
    private var lastLines = LineBuffer(capacity: CrashReport.tailLineCount)
    private let log: ProcessLog
    private let observer: any TestRunObserver

    init(requested: [TestID], eventPath: String, log: ProcessLog, observer: any TestRunObserver) {
        parser = SwiftTestingEventParser(requested: requested)
        tail = FileTail(path: eventPath)
        self.log = log
        self.observer = observer
    }

    func consume(line text: String) async {
        await log.line(text)
        lines.append(OutputLine(text, time: Date()))
        lastLines.append(text)
    }

    func drainEvents() async {
        for line in tail.readLines() {
            for result in parser.consume(jsonLine: line[...]) {
                await observer.testFinished(result)
            }
        }
    }

    func finish(exit: ProcessExit) async -> Finished {
        await drainEvents()
        let inFlight = parser.inFlight
        let runEnded = parser.runEnded
        // One test in flight at a crash is the culprit; several are re-run alone to find it.
        if !runEnded, inFlight.count == 1 {
            for result in parser.finish(exit: exit, lastLines: lastLines.lines) {
                await observer.testFinished(result)
            }
        }
        let output = OutputAttribution.assign(lines: lines, windows: parser.windows)
        let results = parser.finished.map { result in
            var result = result
            result.output = (output[result.id] ?? []).joined(separator: "\n")
            return result
        }
        var notes = parser.unattributedIssues
        if !runEnded, exit.isSuccess {
            notes.append("Swift Testing exited without finishing its run")
        }
        return Finished(
            results: results,
            runEnded: runEnded,
            inFlightAtExit: inFlight,
            lastLines: lastLines.lines,
            notes: notes
        )
    }
}
