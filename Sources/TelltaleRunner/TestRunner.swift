import Foundation
import TelltaleModel

/// Runs the selected tests of a built test binary and returns one result per test.
///
/// Each framework's tests run in one process, as `swift test` runs them. When a
/// process dies (a crash, a signal), the test it was running is recorded as an
/// `error` with the signal and the last lines of output, and the tests it had not
/// reached run again in a fresh process: a crash never loses a test.
public struct TestRunner: Sendable {
    public struct Configuration: Sendable {
        public var binary: String
        /// Where test processes run; `swift test` users expect the package root.
        public var workingDirectory: String?
        public var environment: [String: String]
        /// Every line of every test process, for the report's logs/ folder.
        public var logPath: String?

        public init(binary: String, workingDirectory: String?, environment: [String: String] = [:], logPath: String? = nil) {
            self.binary = binary
            self.workingDirectory = workingDirectory
            self.environment = environment
            self.logPath = logPath
        }
    }

    public struct Outcome: Sendable {
        public var results: [TestResult]
        public var notes: [String]
    }

    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Swift's crash backtraces are long; this keeps them to the crashing thread,
    /// readable in a test's message, unless the user chose otherwise.
    static let backtraceSettings = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=32"

    public func run(_ tests: [ListedTest], allListed: [ListedTest], observer: any TestRunObserver) async throws -> Outcome {
        await observer.runStarting(testCount: tests.count)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        var environment = configuration.environment
        if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil, environment["SWIFT_BACKTRACE"] == nil {
            environment["SWIFT_BACKTRACE"] = Self.backtraceSettings
        }
        let log = try ProcessLog(path: configuration.logPath)
        let context = TestProcessContext(
            binary: configuration.binary,
            workingDirectory: configuration.workingDirectory,
            environment: environment,
            scratchDirectory: scratch,
            log: log,
            observer: observer
        )
        let listedByFramework = Dictionary(grouping: allListed, by: \.framework).mapValues { $0.map(\.id) }
        var queue: [TestBatch] = []
        for framework in TestFramework.allCases {
            let ids = tests.filter { $0.framework == framework }.map(\.id)
            queue += Self.batches(framework: framework, ids: ids)
        }

        var results: [TestID: TestResult] = [:]
        var notes: [String] = []
        while !queue.isEmpty {
            try Task.checkCancellation()
            let batch = queue.removeFirst()
            let listed = listedByFramework[batch.framework] ?? []
            let outcome = switch batch.framework {
            case .xctest: try await XCTestProcess(context: context, listed: listed).run(batch)
            case .swiftTesting: try await SwiftTestingProcess(context: context, listed: listed).run(batch)
            }
            for result in outcome.results { results[result.id] = result }
            notes += outcome.notes
            guard let crash = outcome.crash else { continue }

            for id in outcome.ambiguousCrash {
                queue.append(TestBatch(framework: batch.framework, tests: [id], isolated: true))
            }
            let remaining = outcome.notStarted
            if remaining.isEmpty { continue }
            let madeProgress = !outcome.results.isEmpty || !outcome.ambiguousCrash.isEmpty
            if madeProgress {
                await observer.processRestarting(reason: "test process ended with \(crash)", remaining: remaining.count)
                queue.insert(TestBatch(framework: batch.framework, tests: remaining, isolated: batch.isolated), at: 0)
            } else {
                // The process died before running anything: running it again would only die again.
                for id in remaining {
                    let result = TestResult(
                        id: id,
                        framework: batch.framework,
                        outcome: .error,
                        messages: [TestMessage(kind: .error, text: "the test process ended with \(crash) before this test started\n\nlast lines of output:\n" + outcome.lastLines.joined(separator: "\n"))]
                    )
                    results[id] = result
                    await observer.testFinished(result)
                }
            }
        }
        await log.close()

        // Never lose a test: a selected test the framework did not report is an error.
        for test in tests where results[test.id] == nil {
            let result = TestResult(
                id: test.id,
                framework: test.framework,
                outcome: .error,
                messages: [TestMessage(kind: .error, text: "the test was selected but \(test.framework == .xctest ? "XCTest" : "Swift Testing") never reported it")]
            )
            results[test.id] = result
            await observer.testFinished(result)
        }
        let ordered = tests.compactMap { results[$0.id] }
        return Outcome(results: ordered, notes: notes)
    }

    /// One batch per framework, except that XCTest, which prints `Class.method`
    /// without the module, gets one batch per module when two modules share a class name.
    static func batches(framework: TestFramework, ids: [TestID]) -> [TestBatch] {
        guard !ids.isEmpty else { return [] }
        if framework == .xctest {
            let byConsoleName = Dictionary(grouping: ids, by: XCTestConsoleParser.consoleName(of:))
            if byConsoleName.values.contains(where: { $0.count > 1 }) {
                return Dictionary(grouping: ids, by: \.module).keys.sorted().map { module in
                    TestBatch(framework: framework, tests: ids.filter { $0.module == module })
                }
            }
        }
        return [TestBatch(framework: framework, tests: ids)]
    }
}
