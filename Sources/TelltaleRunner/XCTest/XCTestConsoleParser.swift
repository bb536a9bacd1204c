import Foundation
import TelltaleModel
import TelltaleProcesses

/// Turns XCTest's console protocol into per-test results, one line at a time.
///
/// SwiftPM writes XCTest xUnit only under `--parallel`, and without file, line or
/// output, so the console is the richer source. It looks like this on Linux:
///
///     Test Case 'FailingCases.testTwo' started at 2026-11-21 05:23:11.504
///     /path/File.swift:21: error: FailingCases.testTwo : XCTAssertEqual failed: ...
///     Test Case 'FailingCases.testTwo' failed (0.001 seconds)
///
/// and `-[Module.Class testName]` on Darwin; both are accepted. Lines between a
/// test's start and end are its output. A message's continuation lines (a
/// multi-line `XCTFail`) are the lines that follow it up to the next protocol line.
struct XCTestConsoleParser {
    /// Maps the console's `Class.method` to the listed id (`Module.Class/method`).
    private let idsByConsoleName: [String: TestID]
    private var running: Running?
    private var lastMessageIndex: Int?
    private(set) var finished: [TestResult] = []
    /// Lines written outside any test (suite set-up, the process's own chatter).
    private(set) var unclaimedOutput: [String] = []

    private struct Running {
        var id: TestID
        /// The name as the console prints it, which message lines repeat.
        var consoleName: String
        var startedAt: Date
        var messages: [TestMessage] = []
        var output: [String] = []
    }

    init(requested: [TestID]) {
        var map: [String: TestID] = [:]
        for id in requested {
            map[Self.consoleName(of: id)] = id
        }
        idsByConsoleName = map
    }

    /// `Module.Class/method` as XCTest prints it on Linux: `Class.method`.
    static func consoleName(of id: TestID) -> String {
        id.components.joined(separator: ".")
    }

    /// The test that started and has not ended, if any.
    var inFlight: TestID? { running?.id }

    /// The running test and when it started, for the watchdog.
    var inFlightSince: (id: TestID, start: Date)? { running.map { ($0.id, $0.startedAt) } }

    /// Feeds one line of output; returns the results of tests it finished. A status line glued
    /// to text before it (`XCTestStatusLine`) is read as both.
    mutating func consume(_ line: OutputLine) -> [TestResult] {
        let pieces = XCTestStatusLine.pieces(of: line.text)
        if pieces.count == 1 { return consumePiece(line).map { [$0] } ?? [] }
        return pieces.compactMap { consumePiece(OutputLine($0, time: line.time)) }
    }

    /// A status line counts only for the test it can be about: `started` when no test is
    /// running, `passed`/`failed`/`skipped` for the running test's own name. XCTest never
    /// prints one otherwise, so any other (a test that prints a log with such lines, or a
    /// test of a test helper) is the running test's output, as is a `Test Suite` line.
    private mutating func consumePiece(_ line: OutputLine) -> TestResult? {
        let text = line.text
        if let (name, rest) = Self.testCaseLine(text) {
            if running == nil, rest.hasPrefix("started") {
                running = Running(id: resolve(name), consoleName: name, startedAt: line.time)
                lastMessageIndex = nil
                return nil
            }
            if name == running?.consoleName {
                for (word, outcome) in [("passed", TestOutcome.passed), ("failed", .failed), ("skipped", .skipped)]
                where rest.hasPrefix(word) {
                    return closeRunning(outcome: outcome, duration: Self.seconds(in: rest), note: nil)
                }
            }
        }
        let statusShaped = text.hasPrefix("Test Case '") || text.hasPrefix("Test Suite '")
        if running == nil, statusShaped || text.hasPrefix("\t Executed ") {
            return nil
        }
        guard running != nil else {
            unclaimedOutput.append(text)
            return nil
        }
        running!.output.append(text)
        if statusShaped {
            // Never a message's continuation: the running test printed a status-shaped line.
            lastMessageIndex = nil
            return nil
        }
        if let message = Self.message(in: text, testName: running!.consoleName) {
            running!.messages.append(message)
            lastMessageIndex = running!.messages.count - 1
        } else if let index = lastMessageIndex {
            running!.messages[index].text += "\n" + text
        }
        return nil
    }

    /// Ends the parse when the process has exited: a test still running crashed it,
    /// or was killed for the `reason` given (a timeout).
    /// `packageRoot` resolves the crash's location (`CrashLocation`).
    mutating func finish(exit: ProcessExit, reason: String? = nil, packageRoot: String? = nil) -> TestResult? {
        guard running != nil else { return nil }
        return closeRunning(
            outcome: .error,
            duration: nil,
            note: TestMessage(
                kind: .error, text: CrashReport.message(exit: exit, output: running!.output, reason: reason),
                location: reason == nil ? CrashLocation.find(in: running!.output, packageRoot: packageRoot) : nil)
        )
    }

    @discardableResult
    private mutating func closeRunning(outcome: TestOutcome, duration: Double?, note: TestMessage?) -> TestResult? {
        guard let current = running else { return nil }
        var messages = current.messages
        if let note { messages.append(note) }
        let result = TestResult(
            id: current.id,
            framework: .xctest,
            outcome: outcome,
            duration: duration ?? Date().timeIntervalSince(current.startedAt),
            startedAt: current.startedAt,
            messages: messages,
            output: current.output.joined(separator: "\n")
        )
        finished.append(result)
        running = nil
        lastMessageIndex = nil
        return result
    }

    private func resolve(_ consoleName: String) -> TestID {
        if let id = idsByConsoleName[consoleName] { return id }
        // Darwin prints `-[Module.Class method]`; normalise it to `Module.Class/method`.
        if consoleName.hasPrefix("-["), consoleName.hasSuffix("]") {
            let inner = consoleName.dropFirst(2).dropLast()
            let parts = inner.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { return TestID("\(parts[0])/\(parts[1])") }
        }
        // A test we did not ask for (or could not list): keep it rather than lose it.
        let parts = consoleName.split(separator: ".")
        if parts.count >= 2 {
            return TestID("\(parts.dropLast().joined(separator: "."))/\(parts.last!)")
        }
        return TestID(consoleName)
    }

    /// Splits `Test Case 'NAME' REST` into its name and the rest.
    static func testCaseLine(_ text: String) -> (name: String, rest: Substring)? {
        let prefix = "Test Case '"
        guard text.hasPrefix(prefix) else { return nil }
        let afterPrefix = text.index(text.startIndex, offsetBy: prefix.count)
        guard let close = text.range(of: "' ", range: afterPrefix..<text.endIndex) else { return nil }
        return (String(text[afterPrefix..<close.lowerBound]), text[close.upperBound...])
    }

    /// The seconds in `passed (0.123 seconds)`.
    static func seconds(in rest: Substring) -> Double? {
        guard let open = rest.firstIndex(of: "("), let space = rest[open...].firstIndex(of: " ") else { return nil }
        return Double(rest[rest.index(after: open)..<space])
    }

    /// Parses `FILE:LINE: error: NAME : TEXT` and `FILE:LINE: NAME : Test skipped - TEXT`,
    /// where NAME must be the running test's, so printed lines that merely look alike stay output.
    static func message(in text: String, testName: String) -> TestMessage? {
        guard let separator = text.range(of: " : ") else { return nil }
        let head = text[..<separator.lowerBound]
        let body = String(text[separator.upperBound...])
        let isError = head.contains(": error: ")
        let separatorText = isError ? ": error: " : ": "
        let headParts = head.components(separatedBy: separatorText)
        guard headParts.count >= 2, headParts.last == testName else { return nil }
        let place = headParts.dropLast().joined(separator: separatorText)
        guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else { return nil }
        let file = String(place[..<colon])
        // `<EXPR>:0` (Linux) and `<unknown>:0` (Darwin) stand for "no location".
        let location = (file == "<EXPR>" || file == "<unknown>" || file.isEmpty) ? nil : SourceLocation(file: file, line: line)
        if !isError {
            let skipPrefix = "Test skipped"
            guard body.hasPrefix(skipPrefix) else { return nil }
            var reason = body.dropFirst(skipPrefix.count)
            if reason.hasPrefix(" - ") { reason = reason.dropFirst(3) }
            return TestMessage(kind: .skip, text: reason.isEmpty ? "skipped" : String(reason), location: location)
        }
        // XCTest counts a thrown error as an "unexpected" failure; keep that distinction in the kind.
        // Linux says `threw error "…"`, Darwin `failed: caught error: "…"`.
        let kind: TestMessage.Kind = body.hasPrefix("threw error") || body.hasPrefix("failed: caught error") ? .error : .failure
        if kind == .error, let placed = ThrownErrorPlace.split(body) {
            return TestMessage(kind: kind, text: placed.text, location: placed.location)
        }
        return TestMessage(kind: kind, text: body, location: location)
    }
}
