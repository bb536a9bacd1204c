import Foundation
import TelltaleModel
import TelltaleProcesses

/// Turns Swift Testing's JSON event stream into per-test results, one record at a time.
///
/// Results are per test function, as `swift test` counts them; a parameterized
/// test's cases are counted, and each issue names the case that recorded it.
/// Known issues do not fail a test. A suite that is skipped skips every test in it.
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
        var caseCount = 0
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
        guard let kind = payload.eventKind else { return [] }
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
            if let streamID = payload.testID, payload.testCase != nil { running[streamID]?.caseCount += 1 }
        case "issueRecorded":
            let message = Self.message(for: payload)
            if let streamID = payload.testID, running[streamID] != nil {
                running[streamID]!.messages.append(message)
            } else {
                let owner = payload.testID.map { " in \($0)" } ?? ""
                unattributedIssues.append("issue recorded\(owner): \(message.text)")
            }
        case "testSkipped":
            guard let streamID = payload.testID else { return [] }
            let reason = payload.comments?.first ?? payload.messages?.first?.text ?? "skipped"
            let location = (payload.eventSourceLocation).map(Self.location)
            let skip = TestMessage(kind: .skip, text: reason, location: location)
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
            let failed = test.messages.contains { $0.kind == .failure || $0.kind == .error }
            let end = now?.since1970 ?? Date().timeIntervalSince1970
            let duration = now.map { $0.absolute - test.startedAbsolute } ?? (end - test.started)
            windows[test.id] = test.started...max(end, test.started)
            let result = TestResult(
                id: test.id,
                framework: .swiftTesting,
                outcome: failed ? .failed : .passed,
                duration: max(0, duration),
                startedAt: Date(timeIntervalSince1970: test.started),
                location: declaredAt[streamID],
                messages: test.messages,
                caseCount: test.caseCount > 0 ? test.caseCount : nil
            )
            finished.append(result)
            return [result]
        case "runEnded":
            runEnded = true
        default:
            break
        }
        return []
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
    /// with it (for the reason given, else a crash); others still running are left
    /// unfinished, for the caller to run again.
    mutating func finish(exit: ProcessExit, lastLines: [String], blamed: Set<TestID>, reasons: [TestID: String] = [:]) -> [TestResult] {
        let crashed = running.values.filter { blamed.contains($0.id) }.sorted { $0.id < $1.id }
        running.removeAll()
        return crashed.map { test in
            // Open-ended: everything after a crashed test's start may be its output.
            windows[test.id] = test.started...Double.greatestFiniteMagnitude
            var messages = test.messages
            messages.append(TestMessage(kind: .error, text: CrashReport.message(exit: exit, lastLines: lastLines, reason: reasons[test.id])))
            let result = TestResult(
                id: test.id,
                framework: .swiftTesting,
                outcome: .error,
                duration: max(0, Date().timeIntervalSince1970 - test.started),
                startedAt: Date(timeIntervalSince1970: test.started),
                messages: messages
            )
            finished.append(result)
            return result
        }
    }

    private func isFunction(_ streamID: String) -> Bool {
        functionIDs.contains(streamID) || TestID(streamID).sourceLocationSuffix != nil
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

    static func message(for payload: SwiftTestingRecord.Payload) -> TestMessage {
        let texts = (payload.messages ?? []).map(\.text)
        var text = texts.joined(separator: "\n")
        if text.isEmpty { text = payload.comments?.joined(separator: "\n") ?? "issue recorded" }
        let kind: TestMessage.Kind =
            payload.issue?.isKnown == true ? .knownIssue : (payload.issue?.error != nil ? .error : .failure)
        let location = (payload.issue?.sourceLocation ?? payload.eventSourceLocation).map(location)
        return TestMessage(kind: kind, text: text, location: location, testCase: payload.testCase?.displayName)
    }
}
