import Foundation
import TelltaleModel

/// A run record with every kind of result, fixed dates and hostile text, shared by the writer tests.
enum SampleRecord {
    static let start = Date(timeIntervalSince1970: 1_795_238_400) // 2026-11-21T05:20:00Z

    static let record = RunRecord(
        tool: ToolInfo(version: "9.9.9"),
        plan: PlanSummary(name: "sample <plan>", path: "Plans/sample.yml", package: "Sample"),
        environment: RunEnvironment(host: "ci-host", operatingSystem: "Linux", swiftVersion: "Swift 6.3.1", gitCommit: "abc123"),
        startedAt: start,
        duration: 12.3456,
        tests: [
            TestResult(
                id: TestID("SampleTests.Passing/testOK"), framework: .xctest, outcome: .passed,
                duration: 0.0125, startedAt: start, output: "printed <b>bold</b> & more"
            ),
            TestResult(
                id: TestID("SampleTests.Failing/testTwoAsserts"), framework: .xctest, outcome: .failed,
                duration: 0.5, startedAt: start.addingTimeInterval(1),
                messages: [
                    TestMessage(kind: .failure, text: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")\nsecond line <&\"'>", location: SourceLocation(file: "/repo/Tests/SampleTests/Failing.swift", line: 12)),
                    TestMessage(kind: .failure, text: "XCTAssertTrue failed \u{1B}[31mred\u{1B}[0m and a bell \u{07} and NUL \u{00}", location: SourceLocation(file: "/repo/Tests/SampleTests/Failing.swift", line: 13)),
                ],
                output: "log line with ESC \u{1B}[1mbold\u{1B}[0m and form feed \u{0C}"
            ),
            TestResult(
                id: TestID("SampleTests.Checkout/Declined/refuses(card:)"), framework: .swiftTesting, outcome: .failed,
                duration: 0.25, startedAt: start.addingTimeInterval(2),
                location: SourceLocation(file: "/repo/Tests/SampleTests/Checkout.swift", line: 40, column: 6),
                messages: [TestMessage(kind: .failure, text: "Expectation failed: (card → \"4000\") != \"4000\"", location: SourceLocation(file: "/repo/Tests/SampleTests/Checkout.swift", line: 42, column: 9), testCase: "\"4000\"")],
                caseCount: 3
            ),
            TestResult(
                id: TestID("SampleTests.Checkout/known()"), framework: .swiftTesting, outcome: .passed,
                duration: 0.001, startedAt: start.addingTimeInterval(2),
                messages: [TestMessage(kind: .knownIssue, text: "Expectation failed: flaky upstream")]
            ),
            TestResult(
                id: TestID("SampleTests.Skipping/testLater"), framework: .xctest, outcome: .skipped,
                startedAt: start.addingTimeInterval(3),
                messages: [TestMessage(kind: .skip, text: "not on Linux", location: SourceLocation(file: "/repo/Tests/SampleTests/Skipping.swift", line: 5))]
            ),
            TestResult(
                id: TestID("SampleTests.crashes()"), framework: .swiftTesting, outcome: .error,
                duration: 0.1, startedAt: start.addingTimeInterval(4),
                messages: [TestMessage(kind: .error, text: "the test process crashed with signal 6 (SIGABRT) while this test was running\n\nlast lines of output:\nabout to abort")]
            ),
        ],
        notes: ["a note"]
    )

    static let context = ReportContextFixture.context
}

import TelltaleReports

enum ReportContextFixture {
    static let context = ReportContext(
        generatedAt: Date(timeIntervalSince1970: 1_795_242_000),
        toolVersion: "9.9.9",
        sourceRoot: "/repo"
    )
}
