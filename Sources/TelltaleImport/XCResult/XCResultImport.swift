import Foundation
import TelltaleModel

/// The results of an xcodebuild test run, as xcresulttool's JSON gives them, turned into a
/// Telltale run record: pure, so the same files always make the same record.
///
/// Each `Test Case` becomes a result per device and configuration it ran on; its id is
/// `Bundle.Suite/test` as `swift test` names tests (XCTest's `()` dropped, Swift Testing's
/// kept), followed by ` [device, configuration]` when the run had more than one of either.
/// What the JSON leaves out (which framework, the Mac, the times, attachment payloads)
/// becomes a note in the record rather than a guess.
package struct XCResultImport: Sendable {
    package var tests: XCResultTests
    /// Only `countNotes` reads it; the results come from `tests` alone.
    package var summary: XCResultSummary?

    package init(tests: XCResultTests, summary: XCResultSummary?) {
        self.tests = tests
        self.summary = summary
    }

    /// What the import found, before the quarantine and the history see it.
    package struct Output: Sendable {
        package var results: [TestResult]
        /// What the JSON left unsaid or could not be read as given, for the record's notes.
        package var notes: [String]
        /// The totals as the summary counts them, from the tree, to check against the summary's own.
        package var counts: XCResultCounts
        /// The `Test Plan` node's name, when there is one.
        package var planName: String?
    }

    /// Walks the whole tree once; every note is about the files, none about a test's outcome.
    package func read() -> Output {
        var walk = Walk(devices: tests.devices)
        for node in tests.testNodes { walk.visit(node, bundle: nil, suites: []) }
        var notes: [String] = []
        if walk.inferredFrameworks {
            notes.append(
                "xcresulttool does not say which framework ran a test: Swift Testing is inferred from tags, argument cases, display names and names XCTest would not run; the rest are XCTest"
            )
        }
        if walk.missingDurations > 0 {
            let count = walk.missingDurations
            notes.append(
                "\(count) duration\(count == 1 ? "" : "s") (of test results, earlier attempts and argument cases) \(count == 1 ? "is" : "are") "
                    + "in the JSON neither as durationInSeconds nor as a duration string Telltale reads: recorded as 0")
        }
        if walk.attachments > 0 {
            notes.append(
                "\(walk.attachments) attachments are named in each test's output but not copied: the JSON holds no payloads; on a Mac, `xcrun xcresulttool export attachments --path BUNDLE --output-path DIR` writes them"
            )
        }
        if !walk.unknownTypes.isEmpty {
            notes.append("node types this import does not know were skipped: \(walk.unknownTypes.sorted().joined(separator: ", "))")
        }
        if walk.results.isEmpty { notes.append("the tests JSON holds no `Test Case` node: no test ran, or the file is not xcresulttool's") }
        notes += duplicates(walk.results)
        return Output(results: walk.results, notes: notes, counts: walk.counts, planName: walk.planName)
    }

    /// A note for each id two results share (two bundles with the same name, say): reports key on ids.
    private func duplicates(_ results: [TestResult]) -> [String] {
        var seen: [TestID: Int] = [:]
        for result in results { seen[result.id, default: 0] += 1 }
        return seen.filter { $0.value > 1 }.keys.sorted().map { "\($0) appears \(seen[$0]!) times in the tests JSON; every report keeps each" }
    }

    /// The summary's totals against the tree's: a note for each that differs, none when they agree
    /// or the summary has no totals (a note says so).
    package func countNotes(_ counts: XCResultCounts) -> [String] {
        guard let summary else { return ["no summary JSON: the run's start, its duration and its totals are not known from xcresulttool"] }
        guard let stated = summary.counts else { return ["the summary JSON has no totals to check the tests against"] }
        guard stated != counts else { return [] }
        return ["the summary counts \(stated), the tests JSON \(counts): the reports follow the tests JSON"]
    }

    /// The tree, walked once: bundles and suites name the tests below them.
    private struct Walk {
        let devices: [XCResultTests.Device]
        var results: [TestResult] = []
        var counts = XCResultCounts()
        var planName: String?
        /// Set once any test case is read: every framework here is a guess (`XCResultFramework`).
        var inferredFrameworks = false
        var missingDurations = 0
        /// Attachments named across every result, none of them copied.
        var attachments = 0
        var unknownTypes: Set<String> = []

        init(devices: [XCResultTests.Device]) {
            self.devices = devices
        }

        mutating func visit(_ node: XCResultTests.Node, bundle: String?, suites: [String]) {
            switch node.nodeType {
            case XCResultTests.NodeType.testPlan:
                planName = planName ?? node.name
                for child in node.kids { visit(child, bundle: bundle, suites: suites) }
            case XCResultTests.NodeType.unitTestBundle, XCResultTests.NodeType.uiTestBundle:
                // `ShopAppTests.xctest` or `ShopAppTests`: the module name starts each id below it.
                let name = node.name.hasSuffix(".xctest") ? String(node.name.dropLast(".xctest".count)) : node.name
                for child in node.kids { visit(child, bundle: name, suites: []) }
            case XCResultTests.NodeType.testSuite:
                for child in node.kids { visit(child, bundle: bundle, suites: suites + [node.name]) }
            case XCResultTests.NodeType.testCase:
                add(node, bundle: bundle, suites: suites)
            default:
                // Devices or configurations above the bundles, in some outputs: their tests are below.
                if !XCResultTests.NodeType.known.contains(node.nodeType) { unknownTypes.insert(node.nodeType) }
                for child in node.kids { visit(child, bundle: bundle, suites: suites) }
            }
        }

        private mutating func add(_ node: XCResultTests.Node, bundle: String?, suites: [String]) {
            // `Suite/test()`, or `Outer/Inner/test()`; without an identifier, the suites and name.
            let path = node.nodeIdentifier ?? (suites + [node.name]).joined(separator: "/")
            let pathSuites = path.split(separator: "/").dropLast().map(String.init)
            let function = path.split(separator: "/").last.map(String.init) ?? node.name
            let framework = XCResultFramework.of(node, function: function, suites: pathSuites)
            inferredFrameworks = true
            // XCTest ids are `Module.Class/testMethod`, as `swift test` lists them.
            let name = framework == .xctest && function.hasSuffix("()") ? String(function.dropLast(2)) : function
            // `ShopAppTests.LocalizationTests/testCheckoutButtonTitle`; `Tests` for a test case outside any bundle.
            let base = "\(bundle ?? "Tests")." + (pathSuites + [name]).joined(separator: "/")
            var testCase = XCResultTestCase(node, devices: devices)
            for run in testCase.runs() {
                counts.add(run.outcome)
                missingDurations += run.unknownDurations
                attachments += run.attachments.count
                let id = run.destination.isEmpty ? base : "\(base) [\(run.destination.label)]"
                results.append(
                    TestResult(
                        id: TestID(id), framework: framework, outcome: run.outcome.outcome, duration: run.duration ?? 0,
                        messages: run.messages + (run.outcome == .unknown ? [Self.unknownResult(node)] : []),
                        output: run.attachments.map { "attachment: \($0) (in the .xcresult bundle, not copied)\n" }.joined(),
                        caseCount: run.cases?.count, previousAttempts: run.previousAttempts,
                        displayName: framework == .swiftTesting && node.name != function ? node.name : nil,
                        // A tag spelt with its leading dot (`.critical`) is kept without it, as Telltale names tags.
                        tags: (node.tags ?? []).map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 },
                        cases: run.cases
                    ))
            }
            unknownTypes.formUnion(testCase.unknownTypes)
        }

        /// The `error` a test with no known result gets: what the JSON said, and what it means here.
        private static func unknownResult(_ node: XCResultTests.Node) -> TestMessage {
            TestMessage(
                kind: .error,
                text:
                    "xcresulttool gives this test the result \(node.result.map { "`\($0)`" } ?? "nothing"): it did not finish on its own terms (a crash, a timeout or an interrupted run)"
            )
        }
    }
}
