import Foundation
import TelltaleModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads any tool's JUnit XML back into test results: `classname`, `name` and `time` of
/// each `testcase`, its `failure`/`error`/`skipped`, and Surefire's `flakyFailure`/`rerunFailure`
/// attempts, which Telltale writes for retries. Enough for durations and the history.
/// A `testcase` without `time` is left out: its duration is unknown.
///
///     <testsuite name="SampleTests.Retry" tests="2" failures="1" ... timestamp="2026-11-21T05:20:05" hostname="ci-host">
///       <testcase classname="SampleTests.Retry" name="testAlwaysFails" time="0.400" file="..." line="30">
///         <failure message="XCTFail: still broken" type="XCTFail">...</failure>
///         <rerunFailure message="XCTFail: broken" type="XCTFail">...</rerunFailure>
///       </testcase>
enum JUnitReader {
    /// The file is not XML with a root element; `EarlierRunFile` adds the path.
    struct JUnitReadError: Error, LocalizedError {
        var reason: String
        var errorDescription: String? { reason }
    }

    /// The results, and the time of the earliest `timestamp` (nil when the file has none).
    /// The host is the first `hostname` found, on `testsuites` or a `testsuite`.
    static func read(_ data: Data) throws -> (tests: [TestResult], startedAt: Date?, host: String?) {
        // FoundationXML accepts some non-XML text as a document without a root, and
        // crashes on XPath queries over it: require a root and walk the tree by hand.
        guard let document = try? XMLDocument(data: data), let root = document.rootElement() else {
            throw JUnitReadError(reason: "neither a run.json nor JUnit XML")
        }
        var tests: [TestResult] = []
        var timestamps: [Date] = []
        var host: String?
        walk(root) { element in
            switch element.name {
            case "testsuites", "testsuite":
                if let text = element.attribute(forName: "timestamp")?.stringValue, let date = parseTimestamp(text) {
                    timestamps.append(date)
                }
                host = host ?? element.attribute(forName: "hostname")?.stringValue
            case "testcase":
                if let test = testCase(element) { tests.append(test) }
            default: break
            }
        }
        return (tests, timestamps.min(), host)
    }

    private static func testCase(_ element: XMLElement) -> TestResult? {
        // Without a time the duration is unknown: a zero would pass a slow test for a fast one.
        guard let name = element.attribute(forName: "name")?.stringValue,
            let time = element.attribute(forName: "time")?.stringValue.flatMap(Double.init)
        else { return nil }
        let classname = element.attribute(forName: "classname")?.stringValue ?? ""
        var outcome = TestOutcome.passed
        var attempts: [TestAttempt] = []
        // The earlier attempts are the failed ones only, in document order, their durations unknown;
        // the outcome is the final one, which the `failure`/`error`/`skipped` child (or none) gives.
        for child in (element.children ?? []).compactMap({ $0 as? XMLElement }) {
            let message = child.attribute(forName: "message")?.stringValue ?? ""
            switch child.name {
            case "failure": outcome = .failed
            case "error": outcome = .error
            case "skipped": outcome = .skipped
            case "flakyFailure", "rerunFailure":
                attempts.append(TestAttempt(outcome: .failed, duration: 0, messages: [TestMessage(kind: .failure, text: message)]))
            case "flakyError", "rerunError":
                attempts.append(TestAttempt(outcome: .error, duration: 0, messages: [TestMessage(kind: .error, text: message)]))
            default: break
            }
        }
        // A dotted classname is `Module.Suite`: `SampleTests.Retry/testAlwaysFails`.
        // `Module.function()` outside a suite is written with the module as its classname.
        let id = classname.isEmpty || classname.contains(".") ? "\(classname)/\(name)" : "\(classname).\(name)"
        return TestResult(id: TestID(id), framework: .xctest, outcome: outcome, duration: time, previousAttempts: attempts)
    }

    /// Every element below `element`, itself first, in document order, so a `testcase` is found at
    /// any depth, whatever suites hold it.
    private static func walk(_ element: XMLElement, _ visit: (XMLElement) -> Void) {
        visit(element)
        for child in (element.children ?? []).compactMap({ $0 as? XMLElement }) { walk(child, visit) }
    }

    /// Whole seconds (JUnit's schema) or with a fraction, with a zone or without (read as UTC:
    /// JUnit's schema has none).
    private static func parseTimestamp(_ text: String) -> Date? {
        ISO8601Timestamp.date(from: text) ?? ISO8601Timestamp.date(from: text + "Z")
    }
}
