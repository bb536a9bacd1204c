import Foundation
import TelltaleModel
import TelltaleRunner

/// Progress on stderr while tests run.
///
/// On a terminal: one status line redrawn in place (done/total, failures, the last
/// test). Elsewhere (CI logs, pipes): one line per finished test, failures with
/// their first message and location, so a log reads at a glance.
package actor ConsoleProgress: TestRunObserver {
    package enum Style: Sendable {
        case live
        case lines
    }

    private let style: Style
    /// Where the text goes: standard error, so standard output stays the command's answer.
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Date
    /// Tests to finish, retries, stress runs and repetitions included: grows as they are queued.
    private var total = 0
    /// The tests selected: each repetition runs them again.
    private var selected = 0
    private var totals = RunTotals()
    /// The live status line is on screen without its newline: the next text clears it first.
    private var lineIsOpen = false
    private var started: Date?
    /// Queue mode: the build this machine takes its tests from; its tests are the build's, of
    /// which it runs what it reserves, so no total (nor ETA) is this machine's.
    private var build: String?

    /// `now` is the clock the ETA is measured with; tests pass a fixed one.
    package init(
        style: Style,
        write: @escaping @Sendable (String) -> Void = ConsoleProgress.standardError,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.style = style
        self.write = write
        self.now = now
    }

    /// Live on an interactive terminal; plain lines under CI or when stderr is not a terminal.
    package static func automaticStyle(environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
        let interactive = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        return interactive && environment["CI"] == nil ? .live : .lines
    }

    /// Unbuffered, so a line is on the console when its test ends, not when a buffer fills.
    package static let standardError: @Sendable (String) -> Void = { text in
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// A line that is not about one test (build started, a process restarted).
    package func note(_ text: String) {
        clearLine()
        write(text + "\n")
    }

    /// The first line of the run: how many tests, or in queue mode that the count is the build's.
    package func runStarting(testCount: Int) {
        total = testCount
        selected = testCount
        started = now()
        if let build {
            note(
                "running tests of build \(build) as they are reserved (\(testCount) test\(testCount == 1 ? "" : "s") in the build, shared with its other machines)"
            )
            return
        }
        note("running \(testCount) test\(testCount == 1 ? "" : "s")")
    }

    /// Queue mode: the tests are build `build`'s, shared with its other machines.
    package func sharing(build: String) {
        self.build = build
    }

    /// A round of retries: each failed test runs again, and counts again towards the total.
    package func retrying(testCount: Int, attempt: Int) {
        total += testCount
        note("retrying \(testCount) failed test\(testCount == 1 ? "" : "s") (retry \(attempt))")
    }

    package func stressing(testCount: Int, run: Int, of runs: Int) {
        total += testCount
        note("stressing \(testCount) new or changed test\(testCount == 1 ? "" : "s") (run \(run) of \(runs) more)")
    }

    /// `--repeat N` or `--until-failure`: each repetition after the first runs every selected test again.
    package func repeating(repetition: Int, of repetitions: Int?, seed: Int?) {
        if repetition > 1 { total += selected }
        let count = repetitions.map { " of \($0)" } ?? " (until a test fails)"
        note("repetition \(repetition)\(count)" + (seed.map { " (shuffle seed \($0))" } ?? ""))
    }

    package func bisecting(_ suspect: OrderSuspect) {
        let count = suspect.predecessors.count
        if let run = suspect.earlierRun {
            note(
                "bisecting \(suspect.test) (it failed in every attempt, and passed after other tests in run #\(run) of the history): \(count) test\(count == 1 ? "" : "s") ran before it there"
            )
            return
        }
        let why = suspect.kind == .victim ? "failed after other tests and passed alone" : "failed alone and passed after other tests"
        note("bisecting \(suspect.test) (it \(why)): \(count) test\(count == 1 ? "" : "s") ran before it")
    }

    package func bisected(_ test: TestID, _ dependency: OrderDependency) {
        note("\(test): \(dependency.summary)")
    }

    /// A line per test in a log; on a terminal a failure's lines stay above the status line,
    /// which is redrawn in place (`\r` and erase-line), cut at 160 characters so it never wraps.
    package func testFinished(_ result: TestResult) {
        totals.add(result.outcome)
        switch style {
        case .lines:
            write(Self.line(for: result) + "\n")
        case .live:
            if result.outcome.isFailure {
                clearLine()
                write(Self.line(for: result) + "\n")
            }
            let failed = totals.failed + totals.errors
            var status = "[\(totals.tests)\(build == nil ? "/\(total)" : "")] \(totals.passed) passed, \(failed) failed, \(totals.skipped) skipped"
            if build == nil, let eta = estimatedRemaining() { status += " · ETA \(eta)" }
            status += " · \(result.id)"
            write("\r\u{1B}[2K" + String(status.prefix(160)))
            lineIsOpen = true
        }
    }

    package func processRestarting(reason: String, remaining: Int) {
        note("\(reason); running the \(remaining) remaining test\(remaining == 1 ? "" : "s") in a new process")
    }

    /// Time left at the pace so far: elapsed ÷ done × remaining.
    private func estimatedRemaining() -> String? {
        guard let started, totals.tests > 0, totals.tests < total else { return nil }
        let elapsed = now().timeIntervalSince(started)
        let seconds = Int((elapsed / Double(totals.tests) * Double(total - totals.tests)).rounded())
        return seconds < 60 ? "\(seconds)s" : "\(seconds / 60)m\(String(format: "%02d", seconds % 60))s"
    }

    /// Ends the live line so the closing summary starts on a clean line.
    package func finish() {
        clearLine()
    }

    private func clearLine() {
        if lineIsOpen {
            write("\r\u{1B}[2K")
            lineIsOpen = false
        }
    }

    /// `✔ Mod.Suite/test (0.012s)`; a failure adds its first message's first line under it,
    /// at its place: `    Tests/A.swift:9: XCTAssertEqual failed: ("1") is not equal to ("2")`.
    static func line(for result: TestResult) -> String {
        let time = String(format: "%.3fs", result.duration)
        switch result.outcome {
        case .passed:
            return "✔ \(result.id) (\(time))"
        case .skipped:
            return "↷ \(result.id) skipped: \(firstLine(result.primaryMessage?.text ?? ""))"
        case .failed, .error:
            let word = result.outcome == .failed ? "failed" : "error"
            var line = "✘ \(result.id) \(word) (\(time))"
            if let message = result.primaryMessage {
                let place = message.location.map { "\(relative($0.file)):\($0.line): " } ?? ""
                line += "\n    \(place)\(firstLine(message.text))"
            }
            return line
        }
    }

    /// Paths under the working directory, as a person typed them.
    static func relative(_ path: String) -> String {
        let root = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" }.prefix(300))
    }
}
