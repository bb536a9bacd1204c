import Foundation
import TelltaleModel
import TelltaleProcesses

/// Turns Swift Testing's JSON event stream into per-test results, one record at a time.
///
/// Results are per test function, as `swift test` counts them; a parameterized test
/// also gets one result per argument case, and each issue and attachment names the
/// case that recorded it. Known issues and warnings do not fail a test; a cancelled
/// test (or case) is skipped, with its reason. A suite that is skipped skips every
/// test in it. Unknown record kinds are ignored, as the ABI documentation requires.
struct SwiftTestingEventParser {
    private let requested: Set<TestID>
    /// Event-stream ids (`Module.Suite/fn()/File.swift:5:6`) of test functions.
    private var functionIDs: Set<String> = []
    private var declaredAt: [String: SourceLocation] = [:]
    private var running: [String: Running] = [:]
    private(set) var finished: [TestResult] = []
    private(set) var runEnded = false
    /// Issues recorded outside any running test (a suite's set-up, for one).
    private(set) var unattributedIssues: [String] = []

    private struct Running {
        var id: TestID
        var started: Double
        var startedAbsolute: Double
        var messages: [TestMessage] = []
        var attachments: [TestAttachment] = []
        /// Argument cases by Swift Testing's case id, in the order they started.
        var cases: [String: RunningCase] = [:]
        var caseOrder: [String] = []
        /// Why the test cancelled itself (`Test.cancel`), when it did.
        var cancelled: TestMessage?
    }

    private struct RunningCase {
        /// The case's arguments, made unique within its test.
        var name: String
        var startedAbsolute: Double
        var endedAbsolute: Double?
        var cancelled = false
    }

    init(requested: [TestID]) {
        self.requested = Set(requested)
    }

    /// Tests that started and have not ended, by their listed id.
    var inFlight: [TestID] { running.values.map(\.id).sorted() }

    /// Running tests and when they started, for the watchdog.
    var inFlightSince: [(id: TestID, start: Date)] {
        running.values.map { ($0.id, Date(timeIntervalSince1970: $0.started)) }
    }

    /// The time window each finished test ran in, for attributing output.
    private(set) var windows: [TestID: ClosedRange<Double>] = [:]

    /// Feeds one JSON line; returns the results it completed (a skipped suite completes many).
    mutating func consume(jsonLine: Substring) -> [TestResult] {
        guard let data = jsonLine.data(using: .utf8),
            let record = try? JSONDecoder().decode(SwiftTestingRecord.self, from: data)
        else { return [] }
        let payload = record.payload
        if record.kind == .test {
            if let id = payload.id, payload.testKind == "function" {
                functionIDs.insert(id)
                if let location = payload.sourceLocation { declaredAt[id] = Self.location(location) }
            }
            return []
        }
        guard record.kind == .event, let kind = payload.eventKind else { return [] }
        let now = payload.instant
        switch kind {
        case "testStarted":
            guard let streamID = payload.testID, isFunction(streamID) else { return [] }
            running[streamID] = Running(
                id: listedID(streamID),
                started: now?.since1970 ?? Date().timeIntervalSince1970,
                startedAbsolute: now?.absolute ?? 0
            )
        case "testCaseStarted":
            guard let streamID = payload.testID, let testCase = payload.testCase, running[streamID] != nil else { return [] }
            let key = Self.caseKey(testCase)
            guard running[streamID]!.cases[key] == nil else { return [] }
            let taken = Set(running[streamID]!.cases.values.map(\.name))
            let name = Self.uniqueName(testCase.displayName ?? "case \(running[streamID]!.caseOrder.count + 1)", taken: taken)
            running[streamID]!.cases[key] = RunningCase(name: name, startedAbsolute: now?.absolute ?? 0)
            running[streamID]!.caseOrder.append(key)
        case "testCaseEnded":
            guard let streamID = payload.testID, let testCase = payload.testCase else { return [] }
            running[streamID]?.cases[Self.caseKey(testCase)]?.endedAbsolute = now?.absolute
        case "testCaseCancelled":
            guard let streamID = payload.testID, let testCase = payload.testCase,
                let name = running[streamID]?.cases[Self.caseKey(testCase)]?.name
            else { return [] }
            running[streamID]!.cases[Self.caseKey(testCase)]!.cancelled = true
            running[streamID]!.messages.append(Self.skipMessage(payload, testCase: name))
        case "testCancelled":
            guard let streamID = payload.testID, running[streamID] != nil else { return [] }
            running[streamID]!.cancelled = Self.skipMessage(payload, testCase: nil)
        case "issueRecorded":
            var message = Self.message(for: payload)
            if let streamID = payload.testID, running[streamID] != nil {
                message.testCase = caseName(payload.testCase, in: streamID)
                running[streamID]!.messages.append(message)
            } else {
                let owner = payload.testID.map { " in \($0)" } ?? ""
                unattributedIssues.append("issue recorded\(owner): \(message.text)")
            }
        case "valueAttached":
            guard let streamID = payload.testID, running[streamID] != nil, let path = payload.attachment?.path else { return [] }
            let name = payload.attachment?.preferredName ?? URL(fileURLWithPath: path).lastPathComponent
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            running[streamID]!.attachments.append(
                TestAttachment(name: name, path: path, byteCount: size, testCase: caseName(payload.testCase, in: streamID)))
        case "testSkipped":
            guard let streamID = payload.testID else { return [] }
            let skip = Self.skipMessage(payload, testCase: nil)
            if isFunction(streamID) {
                return [recordWithoutRunning(listedID(streamID), outcome: .skipped, messages: [skip], streamID: streamID, at: now)]
            }
            // A skipped suite: its tests never start, so skip each requested one beneath it.
            let prefix = listedID(streamID).rawValue + "/"
            let alreadyDone = Set(finished.map(\.id))
            return requested.filter { $0.rawValue.hasPrefix(prefix) && !alreadyDone.contains($0) }.sorted().map {
                recordWithoutRunning($0, outcome: .skipped, messages: [skip], streamID: nil, at: now)
            }
        case "testEnded":
            guard let streamID = payload.testID, let test = running.removeValue(forKey: streamID) else { return [] }
            let end = now?.since1970 ?? Date().timeIntervalSince1970
            let duration = now.map { $0.absolute - test.startedAbsolute } ?? (end - test.started)
            windows[test.id] = test.started...max(end, test.started)
            let result = Self.result(
                for: test, outcome: nil, duration: duration, location: declaredAt[streamID], endAbsolute: now?.absolute)
            finished.append(result)
            return [result]
        case "runEnded":
            runEnded = true
        default:
            break
        }
        return []
    }

    /// A finished test's result. `outcome` is given for a crash or kill; otherwise it comes
    /// from the messages: a failure fails it, else a cancellation skips it.
    private static func result(
        for test: Running, outcome forced: TestOutcome?, duration: Double, location: SourceLocation?, endAbsolute: Double?
    ) -> TestResult {
        var messages = test.messages
        let cases: [TestCaseResult] = test.caseOrder.compactMap { key in
            guard let running = test.cases[key] else { return nil }
            let own = messages.filter { $0.testCase == running.name }
            let caseOutcome: TestOutcome =
                own.contains { $0.kind == .error } && forced == .error
                ? .error
                : own.contains { $0.kind.failsTest } ? .failed : running.cancelled ? .skipped : .passed
            let end = running.endedAbsolute ?? endAbsolute ?? running.startedAbsolute
            return TestCaseResult(name: running.name, outcome: caseOutcome, duration: max(0, end - running.startedAbsolute))
        }
        let outcome: TestOutcome
        if let forced {
            outcome = forced
        } else if messages.contains(where: { $0.kind.failsTest }) {
            outcome = .failed
        } else if let cancelled = test.cancelled {
            outcome = .skipped
            messages.append(cancelled)
        } else if !cases.isEmpty, cases.allSatisfy({ $0.outcome == .skipped }) {
            outcome = .skipped
        } else {
            outcome = .passed
        }
        return TestResult(
            id: test.id,
            framework: .swiftTesting,
            outcome: outcome,
            duration: max(0, duration),
            startedAt: Date(timeIntervalSince1970: test.started),
            location: location,
            messages: messages,
            caseCount: cases.isEmpty ? nil : cases.count,
            attachments: test.attachments,
            cases: cases.isEmpty ? nil : cases
        )
    }

    private mutating func recordWithoutRunning(
        _ id: TestID, outcome: TestOutcome, messages: [TestMessage], streamID: String?, at instant: SwiftTestingRecord.Instant?
    ) -> TestResult {
        let time = instant?.since1970 ?? Date().timeIntervalSince1970
        let result = TestResult(
            id: id,
            framework: .swiftTesting,
            outcome: outcome,
            startedAt: Date(timeIntervalSince1970: time),
            location: streamID.flatMap { declaredAt[$0] },
            messages: messages
        )
        finished.append(result)
        return result
    }

    /// Ends the parse once the process has exited. The running tests in `blamed` died
    /// with it (for the reason given, else a crash), and so did their cases still
    /// running; others still running are left unfinished, for the caller to run again.
    /// `packageRoot` resolves a crash's location (`CrashLocation`).
    /// `output` is every line the process printed.
    mutating func finish(
        exit: ProcessExit, output: [String], blamed: Set<TestID>, reasons: [TestID: String] = [:], packageRoot: String? = nil
    ) -> [TestResult] {
        let crashed = running.values.filter { blamed.contains($0.id) }.sorted { $0.id < $1.id }
        running.removeAll()
        return crashed.map { test in
            // Open-ended: everything after a crashed test's start may be its output.
            windows[test.id] = test.started...Double.greatestFiniteMagnitude
            var test = test
            let text = CrashReport.message(exit: exit, output: output, reason: reasons[test.id])
            let location = reasons[test.id] == nil ? CrashLocation.find(in: output, packageRoot: packageRoot) : nil
            let inFlightCases = test.caseOrder.compactMap { test.cases[$0] }.filter { $0.endedAbsolute == nil }
            if inFlightCases.isEmpty {
                test.messages.append(TestMessage(kind: .error, text: text, location: location))
            } else {
                for running in inFlightCases {
                    test.messages.append(TestMessage(kind: .error, text: text, location: location, testCase: running.name))
                }
            }
            let result = Self.result(
                for: test, outcome: .error, duration: Date().timeIntervalSince1970 - test.started, location: nil, endAbsolute: nil)
            finished.append(result)
            return result
        }
    }

    private func isFunction(_ streamID: String) -> Bool {
        functionIDs.contains(streamID) || TestID(streamID).sourceLocationSuffix != nil
    }

    private func caseName(_ testCase: SwiftTestingRecord.TestCase?, in streamID: String) -> String? {
        guard let testCase else { return nil }
        return running[streamID]?.cases[Self.caseKey(testCase)]?.name ?? testCase.displayName
    }

    /// The listed id of an event-stream id. The stream always names a test function with
    /// its source location (`Module.Suite/fn()/File.swift:5:6`); `--list-tests` keeps that
    /// suffix only where the name alone is ambiguous, so the id is kept whole when it was
    /// requested that way, and is otherwise `Module.Suite/fn()`.
    func listedID(_ streamID: String) -> TestID {
        let whole = TestID(streamID)
        if requested.contains(whole) { return whole }
        return whole.withoutSourceLocation
    }

    static func location(_ location: SwiftTestingRecord.Location) -> SourceLocation {
        SourceLocation(file: location.filePath ?? location.fileID ?? "?", line: location.line, column: location.column)
    }

    /// Swift Testing's own case id when the stream has it, else the arguments.
    private static func caseKey(_ testCase: SwiftTestingRecord.TestCase) -> String {
        testCase.id ?? testCase.displayName ?? ""
    }

    /// `name`, or `name #2`, `name #3`… when another case of the test already has it.
    static func uniqueName(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name) #\(number)") { number += 1 }
        return "\(name) #\(number)"
    }

    /// What Swift Testing says of an issue recorded with `Issue.record(_:)`, before its comment.
    static let unconditionalIssueText = "Issue recorded"

    private static func skipMessage(_ payload: SwiftTestingRecord.Payload, testCase: String?) -> TestMessage {
        let reason = payload.comments?.first ?? payload.messages?.first?.text ?? "skipped"
        return TestMessage(kind: .skip, text: reason, location: payload.eventSourceLocation.map(location), testCase: testCase)
    }

    static func message(for payload: SwiftTestingRecord.Payload) -> TestMessage {
        var texts = (payload.messages ?? []).map(\.text)
        // `Issue.record("why")` is written as "Issue recorded" and then the comment: the comment
        // is the message (a plan's failure recorded by the lifecycle reads as the plan wrote it).
        if texts.count > 1, texts[0] == Self.unconditionalIssueText { texts.removeFirst() }
        var text = texts.joined(separator: "\n")
        if text.isEmpty { text = payload.comments?.joined(separator: "\n") ?? "issue recorded" }
        let issue = payload.issue
        let kind: TestMessage.Kind
        if issue?.isKnown == true {
            kind = .knownIssue
        } else if issue?.severity == "warning" || issue?.isFailure == false {
            // 6.3 and on say whether an issue fails its test; a warning never does.
            kind = .warning
        } else {
            kind = issue?.error != nil ? .error : .failure
        }
        var location = (issue?.sourceLocation ?? payload.eventSourceLocation).map(location)
        if kind == .error, let placed = ThrownErrorPlace.split(text) { (location, text) = (placed.location, placed.text) }
        return TestMessage(kind: kind, text: text, location: location, testCase: payload.testCase?.displayName)
    }
}
