import Foundation
import TelltaleModel
import TelltaleProcesses

/// Runs a batch of Swift Testing tests in one process, reading the JSON event
/// stream as it is written.
struct SwiftTestingProcess {
    var context: TestProcessContext
    var listed: [TestID]

    func run(_ batch: TestBatch) async throws -> BatchResult {
        var outcome = BatchResult()
        for (index, filters) in BatchArguments.swiftTestingFilters(batch, listed: listed).enumerated() {
            let eventPath = "\(context.scratchDirectory)/events-\(UUID().uuidString)-\(index).jsonl"
            var arguments = ["--quiet", "--event-stream-output-path", eventPath] + context.eventStreamVersion.arguments
            // Each process its own folder: Swift Testing names files by the test's preferred name.
            let attachmentsPath = "\(context.scratchDirectory)/attachments-\(UUID().uuidString)"
            if context.attachments != nil,
                (try? FileManager.default.createDirectory(atPath: attachmentsPath, withIntermediateDirectories: true)) != nil
            {
                arguments += ["--attachments-path", attachmentsPath]
            }
            if batch.serial { arguments.append("--no-parallel") }
            arguments += filters
            let recorder = SwiftTestingRecorder(
                requested: batch.tests, eventPath: eventPath, limits: context.limits,
                log: context.log, observer: context.observer, attachments: context.attachments,
                packageRoot: context.workingDirectory
            )
            let processID = await context.newProcess()
            let process = context.process(
                context.launcher.swiftTestingRun(arguments: arguments), id: processID, extraEnvironment: context.eventStreamVersion.environment)
            await context.log.heading(process.commandLine)
            // The check also tails the event stream, so it always runs: results arrive live.
            let exit = try await context.run(
                process,
                onLine: { await recorder.consume(line: $0) },
                check: { await recorder.drainEventsAndCheckLimits(now: Date()) }
            )
            let finished = await recorder.finish(exit: exit)
            try? FileManager.default.removeItem(atPath: eventPath)
            try? FileManager.default.removeItem(atPath: attachmentsPath)
            outcome.results += context.place(finished.results, in: processID)
            outcome.notes += finished.notes
            if !finished.runEnded {
                outcome.crash = exit
                outcome.lastLines = finished.lastLines
                if !finished.killed, finished.unblamedInFlight.count > 1 {
                    outcome.ambiguousCrash += finished.unblamedInFlight
                }
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
        /// Tests running at the end that nothing is known to have stopped.
        var unblamedInFlight: [TestID]
        /// Whether the watchdog killed the process.
        var killed: Bool
        var lastLines: [String]
        var notes: [String]
    }

    private var parser: SwiftTestingEventParser
    private var tail: FileTail
    private var lines: [OutputLine] = []
    private var lastLines = LineBuffer(capacity: CrashReport.tailLineCount)
    private let limits: TimeLimits
    private let log: ProcessLog
    private let observer: any TestRunObserver
    /// Tests the watchdog killed the process for, with the reason.
    private var killReasons: [TestID: String] = [:]
    private let attachments: AttachmentStore?
    private let packageRoot: String?
    /// Finished results, their attachments moved into the report folder.
    private var adopted: [TestID: TestResult] = [:]

    init(
        requested: [TestID], eventPath: String, limits: TimeLimits, log: ProcessLog, observer: any TestRunObserver,
        attachments: AttachmentStore?, packageRoot: String?
    ) {
        self.packageRoot = packageRoot
        parser = SwiftTestingEventParser(requested: requested)
        tail = FileTail(path: eventPath)
        self.limits = limits
        self.log = log
        self.observer = observer
        self.attachments = attachments
    }

    /// Moves a finished test's attachments in (as it finishes, so a later crash keeps them) and tells the observer.
    private func finished(_ result: TestResult) async {
        var result = result
        if let attachments { result = await attachments.adopt(result) }
        adopted[result.id] = result
        await observer.testFinished(result)
    }

    func consume(line text: String) async {
        await log.line(text)
        lines.append(OutputLine(text, time: Date()))
        lastLines.append(text)
    }

    /// Reads new events, then returns true when a running test has overstayed a limit.
    func drainEventsAndCheckLimits(now: Date) async -> Bool {
        await drainEvents()
        guard killReasons.isEmpty else { return false }
        for running in parser.inFlightSince {
            if let reason = limits.violation(of: running.id, startedAt: running.start, now: now) {
                killReasons[running.id] = reason
            }
        }
        return !killReasons.isEmpty
    }

    private func drainEvents() async {
        for line in tail.readLines() {
            for result in parser.consume(jsonLine: line[...]) {
                await finished(result)
            }
        }
    }

    func finish(exit: ProcessExit) async -> Finished {
        await drainEvents()
        let inFlight = parser.inFlight
        let runEnded = parser.runEnded
        let killed = !killReasons.isEmpty
        // Killed by the watchdog: the tests that overstayed are to blame, the others run again.
        // Crashed with one test in flight: that one. With several: each runs again alone.
        var blamed: Set<TestID> = []
        // Telltale itself was interrupted: running tests did not crash, they were stopped.
        if !runEnded, !Task.isCancelled {
            if killed {
                blamed = Set(killReasons.keys)
            } else if inFlight.count == 1 {
                blamed = Set(inFlight)
            }
        }
        for result in parser.finish(
            exit: exit, output: lines.map(\.text), blamed: blamed, reasons: killReasons, packageRoot: packageRoot)
        {
            await finished(result)
        }
        let output = OutputAttribution.assign(lines: lines, windows: parser.windows)
        let results = parser.finished.map { result in
            var result = adopted[result.id] ?? result
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
            unblamedInFlight: inFlight.filter { !blamed.contains($0) },
            killed: killed,
            lastLines: lastLines.lines,
            notes: notes
        )
    }
}
