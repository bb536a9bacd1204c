import TelltaleModel

/// One `Test Case` node, read into what Telltale records: a result per device and
/// configuration it ran on (each is its own test in the summary's counts), with its argument
/// cases, its earlier attempts and its messages.
///
/// Below a test case the JSON nests, in this order when present: `Device` and `Test Plan
/// Configuration` (only when the run had more than one), `Arguments` (a parameterized Swift
/// Testing test), `Repetition` or `Test Case Run` (retries and repetitions, oldest first), then
/// what happened: `Failure Message` (with `Source Code Reference` and `Expression` below it),
/// `Runtime Warning`, `Attachment`. The reader accepts the layers in any order.
struct XCResultTestCase {
    /// Where a result ran, when the test case has `Device` or `Test Plan Configuration` layers.
    struct Destination: Hashable {
        var device: String?
        var configuration: String?

        var isEmpty: Bool { device == nil && configuration == nil }
        /// `iPhone 16 Pro (iOS Simulator 18.2), Debug`; slashes kept out of the test id.
        var label: String {
            [device, configuration].compactMap(\.self).joined(separator: ", ").replacingOccurrences(of: "/", with: "-")
        }
    }

    /// A result before it becomes a `TestResult`: the raw outcome for the summary's counts.
    struct Run {
        var destination: Destination
        var outcome: XCResultOutcome
        /// Nil when neither the holder nor (for a retried test) its last attempt gives one.
        var duration: Double?
        var messages: [TestMessage]
        var previousAttempts: [TestAttempt]
        /// A parameterized test's argument cases, in the JSON's order; nil for any other test.
        var cases: [TestCaseResult]?
        /// The attachments' names, which the record lists in the test's output.
        var attachments: [String]
        /// Durations recorded as 0 because the JSON gives none (the result's, its earlier
        /// attempts', its argument cases'), for the import's note.
        var unknownDurations = 0
    }

    let node: XCResultTests.Node
    let devices: [XCResultTests.Device]
    /// Node types below the test case that the schema does not name, for the run's notes.
    private(set) var unknownTypes: Set<String> = []

    init(_ node: XCResultTests.Node, devices: [XCResultTests.Device]) {
        self.node = node
        self.devices = devices
    }

    /// One run per destination; one run when the test case has no destination layer.
    mutating func runs() -> [Run] {
        destinations(of: node, within: Destination()).map { destination, holder in
            run(holder, destination: destination)
        }
    }

    /// The nodes that hold each destination's result: the innermost `Device`/`Test Plan
    /// Configuration` node, or the test case itself.
    private func destinations(of node: XCResultTests.Node, within destination: Destination) -> [(Destination, XCResultTests.Node)] {
        let layers = node.kids.filter { $0.nodeType == XCResultTests.NodeType.device || $0.nodeType == XCResultTests.NodeType.configuration }
        guard !layers.isEmpty else { return [(destination, node)] }
        return layers.flatMap { layer in
            var inner = destination
            if layer.nodeType == XCResultTests.NodeType.device {
                inner.device = deviceLabel(layer)
            } else {
                inner.configuration = layer.name
            }
            return destinations(of: layer, within: inner)
        }
    }

    /// The device as the run's `devices` list describes it (by id), else as the node names it.
    private func deviceLabel(_ layer: XCResultTests.Node) -> String {
        if let id = layer.nodeIdentifier, let device = devices.first(where: { $0.deviceId == id }) { return device.label }
        return layer.details.map { "\(layer.name) (\($0))" } ?? layer.name
    }

    /// The result of one destination. A destination layer without a `result` of its own takes the
    /// test case's.
    private mutating func run(_ holder: XCResultTests.Node, destination: Destination) -> Run {
        let outcome = XCResultOutcome(holder.result ?? (holder == node ? nil : node.result))
        let argumentNodes = holder.kids.filter { $0.nodeType == XCResultTests.NodeType.arguments }
        if !argumentNodes.isEmpty {
            return parameterized(holder, arguments: argumentNodes, outcome: outcome, destination: destination)
        }
        // Retried (`First Run`, `Retry 1`) or repeated: the holder's result is the verdict, the
        // last attempt's messages say why, and every earlier attempt is a `TestAttempt`.
        let attempts = attemptNodes(of: holder)
        guard let last = attempts.last else {
            let found = contents(of: holder, result: outcome, testCase: nil)
            return Run(
                destination: destination, outcome: outcome, duration: holder.seconds, messages: found.messages,
                previousAttempts: [], attachments: found.attachments, unknownDurations: holder.seconds == nil ? 1 : 0)
        }
        var earlier: [TestAttempt] = []
        var attachments: [String] = []
        for attempt in attempts.dropLast() {
            let result = XCResultOutcome(attempt.result)
            let found = contents(of: attempt, result: result, testCase: nil)
            attachments += found.attachments
            earlier.append(TestAttempt(outcome: result.outcome, duration: attempt.seconds ?? 0, messages: found.messages))
        }
        let final = contents(of: last, result: XCResultOutcome(last.result ?? holder.result), testCase: nil)
        var messages = final.messages
        // Run a fixed number of times, a test fails for an earlier failure though its last run
        // passed: the failures that explain it come along.
        if outcome.outcome.isFailure, !messages.contains(where: { $0.kind.failsTest }) {
            messages += earlier.flatMap(\.messages).filter { $0.kind.failsTest }
        }
        let duration = holder.seconds ?? last.seconds
        return Run(
            destination: destination, outcome: outcome, duration: duration,
            messages: messages, previousAttempts: earlier, attachments: attachments + final.attachments,
            unknownDurations: (duration == nil ? 1 : 0) + attempts.dropLast().count { $0.seconds == nil })
    }

    /// A parameterized test: each `Arguments` node a case with its own outcome and messages.
    /// A case's earlier attempts that failed, when the test passed in the end, make one earlier
    /// attempt of the test, so it is flaky as a retried test is.
    private mutating func parameterized(
        _ holder: XCResultTests.Node, arguments: [XCResultTests.Node], outcome: XCResultOutcome, destination: Destination
    ) -> Run {
        var cases: [TestCaseResult] = []
        var messages: [TestMessage] = []
        var earlierFailures: [TestMessage] = []
        var attachments: [String] = []
        var names: [String: Int] = [:]
        for argument in arguments {
            // A repeated description is numbered, as the runner names Swift Testing's cases.
            names[argument.name, default: 0] += 1
            let name = names[argument.name]! > 1 ? "\(argument.name) #\(names[argument.name]!)" : argument.name
            let result = XCResultOutcome(argument.result)
            let attempts = attemptNodes(of: argument)
            for attempt in attempts.dropLast() where XCResultOutcome(attempt.result).outcome.isFailure {
                earlierFailures += contents(of: attempt, result: XCResultOutcome(attempt.result), testCase: name).messages
            }
            let found = contents(of: attempts.last ?? argument, result: result, testCase: name)
            messages += found.messages
            attachments += found.attachments
            cases.append(
                TestCaseResult(name: name, outcome: result.outcome, duration: argument.seconds ?? attempts.last?.seconds ?? 0))
        }
        let earlier =
            earlierFailures.isEmpty || outcome.outcome.isFailure ? [] : [TestAttempt(outcome: .failed, duration: 0, messages: earlierFailures)]
        let unknownCases = arguments.count { ($0.seconds ?? attemptNodes(of: $0).last?.seconds) == nil }
        return Run(
            destination: destination, outcome: outcome, duration: holder.seconds, messages: messages, previousAttempts: earlier,
            cases: cases, attachments: attachments, unknownDurations: (holder.seconds == nil ? 1 : 0) + unknownCases)
    }

    /// `Repetition` and `Test Case Run` children, oldest first: every attempt, the last the one that counts.
    private func attemptNodes(of node: XCResultTests.Node) -> [XCResultTests.Node] {
        node.kids.filter { $0.nodeType == XCResultTests.NodeType.repetition || $0.nodeType == XCResultTests.NodeType.testCaseRun }
    }

    /// The messages and attachment names directly under `node` (an attempt, a case, a test).
    private mutating func contents(
        of node: XCResultTests.Node, result: XCResultOutcome, testCase: String?
    ) -> (
        messages: [TestMessage], attachments: [String]
    ) {
        var messages: [TestMessage] = []
        var attachments: [String] = []
        for child in node.kids {
            switch child.nodeType {
            case XCResultTests.NodeType.failureMessage:
                messages.append(message(child, kind: result.messageKind, testCase: testCase))
                attachments += child.kids.filter { $0.nodeType == XCResultTests.NodeType.attachment }.map(\.name)
            case XCResultTests.NodeType.runtimeWarning:
                messages.append(message(child, kind: .warning, testCase: testCase))
            case XCResultTests.NodeType.attachment:
                attachments.append(child.name)
            case XCResultTests.NodeType.repetition, XCResultTests.NodeType.testCaseRun:
                // A `Test Case Run` below a repetition (one per device in some outputs) holds the messages.
                let inner = contents(of: child, result: XCResultOutcome(child.result ?? node.result), testCase: testCase)
                messages += inner.messages
                attachments += inner.attachments
            default:
                if !XCResultTests.NodeType.known.contains(child.nodeType) { unknownTypes.insert(child.nodeType) }
            }
        }
        return (messages, attachments)
    }

    /// A message with its place: from its own text, else from a `Source Code Reference` below
    /// it; an `Expression` below it is added to the text.
    private func message(_ node: XCResultTests.Node, kind: TestMessage.Kind, testCase: String?) -> TestMessage {
        var (location, text) = XCResultMessageText.split(node.name)
        for child in node.kids {
            if child.nodeType == XCResultTests.NodeType.sourceCodeReference, location == nil {
                location = XCResultMessageText.location(child.name)
            } else if child.nodeType == XCResultTests.NodeType.expression {
                text += "\n" + child.name
            }
        }
        return TestMessage(kind: kind, text: text, location: location, testCase: testCase)
    }
}
