import Foundation
import TelltaleModel
import TelltaleReports

/// A run record with every kind of result, fixed dates and hostile text, shared by the writer tests.
/// Dates are whole seconds: run.json and events.jsonl write ISO 8601 without fractions.
enum SampleRecord {
    static let start = Date(timeIntervalSince1970: 1_795_238_400)  // 2026-11-21T05:20:00Z

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
                    TestMessage(
                        kind: .failure, text: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")\nsecond line <&\"'>",
                        location: SourceLocation(file: "/repo/Tests/SampleTests/Failing.swift", line: 12)),
                    TestMessage(
                        kind: .failure, text: "XCTAssertTrue failed \u{1B}[31mred\u{1B}[0m and a bell \u{07} and NUL \u{00}",
                        location: SourceLocation(file: "/repo/Tests/SampleTests/Failing.swift", line: 13)),
                ],
                output: "log line with ESC \u{1B}[1mbold\u{1B}[0m and form feed \u{0C}"
            ),
            TestResult(
                id: TestID("SampleTests.Checkout/Declined/refuses(card:)"), framework: .swiftTesting, outcome: .failed,
                duration: 0.25, startedAt: start.addingTimeInterval(2),
                location: SourceLocation(file: "/repo/Tests/SampleTests/Checkout.swift", line: 40, column: 6),
                messages: [
                    TestMessage(
                        kind: .failure, text: "Expectation failed: (card → \"4000\") != \"4000\"",
                        location: SourceLocation(file: "/repo/Tests/SampleTests/Checkout.swift", line: 42, column: 9), testCase: "\"4000\"")
                ],
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
                messages: [
                    TestMessage(kind: .skip, text: "not on Linux", location: SourceLocation(file: "/repo/Tests/SampleTests/Skipping.swift", line: 5))
                ]
            ),
            TestResult(
                id: TestID("SampleTests.crashes()"), framework: .swiftTesting, outcome: .error,
                duration: 0.1, startedAt: start.addingTimeInterval(4),
                messages: [
                    TestMessage(
                        kind: .error,
                        text: "the test process crashed with signal 6 (SIGABRT) while this test was running\n\nlast lines of output:\nabout to abort")
                ]
            ),
            TestResult(
                id: TestID("SampleTests.Retry/testEventuallyPasses"), framework: .xctest, outcome: .passed,
                duration: 0.2, startedAt: start.addingTimeInterval(5), output: "third time lucky",
                previousAttempts: [
                    TestAttempt(
                        outcome: .failed, duration: 0.3, startedAt: start.addingTimeInterval(3),
                        messages: [
                            TestMessage(
                                kind: .failure, text: "XCTAssertEqual failed: (\"timeout\") is not equal to (\"ok\")",
                                location: SourceLocation(file: "/repo/Tests/SampleTests/Retry.swift", line: 21))
                        ],
                        output: "attempt 1 <output>"
                    ),
                    TestAttempt(
                        outcome: .error, duration: 0.05, startedAt: start.addingTimeInterval(4),
                        messages: [TestMessage(kind: .error, text: "the test process crashed with signal 11 (SIGSEGV) while this test was running")]
                    ),
                ]
            ),
            TestResult(
                id: TestID("SampleTests.Retry/testAlwaysFails"), framework: .xctest, outcome: .failed,
                duration: 0.4, startedAt: start.addingTimeInterval(6),
                messages: [
                    TestMessage(
                        kind: .failure, text: "XCTFail: still broken", location: SourceLocation(file: "/repo/Tests/SampleTests/Retry.swift", line: 30)
                    )
                ],
                previousAttempts: [
                    TestAttempt(
                        outcome: .failed, duration: 0.4, startedAt: start.addingTimeInterval(5),
                        messages: [
                            TestMessage(
                                kind: .failure, text: "XCTFail: broken",
                                location: SourceLocation(file: "/repo/Tests/SampleTests/Retry.swift", line: 30))
                        ]
                    )
                ]
            ),
        ],
        notes: ["a note"],
        events: events
    )

    /// The payloads a hostile event parameter might carry; the HTML must show them as text.
    static let scriptPayload = "<script>window.__pwned = 1; document.title = 'pwned'</script>"
    static let attributePayload = "\"><img src=x onerror=\"window.__pwned = 2; document.title = 'pwned'\">"

    static let events: [Event] = [
        Event(
            id: "e1", receivedAt: start.addingTimeInterval(-1), session: "s1", test: nil, source: .telltale,
            name: "app_open", params: [:], raw: ["name": "app_open"]
        ),
        Event(
            id: "e2", receivedAt: start.addingTimeInterval(2), session: "s1", test: TestID("SampleTests.Checkout/Declined/refuses(card:)"),
            source: .segment, name: "checkout_started",
            params: [
                "currency": "USD", "cart": ["total": 12.5, "items": [["sku": "A1", "qty": 2], ["sku": "B2", "qty": 1]], "coupon": nil],
                "express": true,
            ],
            raw: ["event": "checkout_started", "properties": ["currency": "USD"]]
        ),
        Event(
            id: "e3", receivedAt: start.addingTimeInterval(3), session: "s1", test: TestID("SampleTests.Checkout/Declined/refuses(card:)"),
            source: .telltale, name: "payment_failed",
            params: ["reason": .string(scriptPayload), "note": .string(attributePayload), "separators": "line\u{2028}para\u{2029} & </script><!--"],
            raw: ["name": "payment_failed"]
        ),
        Event(
            id: "e4", receivedAt: start.addingTimeInterval(6), session: "s2", test: TestID("SampleTests.Retry/testEventuallyPasses"),
            source: .ga4, name: "retry_seen", params: ["attempt": 3], raw: ["name": "retry_seen", "params": ["attempt": 3]]
        ),
    ]

    /// The same run with its analytics verdict: expectations one test missed (with near misses)
    /// and one failed without sending anything, tracking-plan violations (one carrying the
    /// `<script>` payload), an event outside any test that is not in the tracking plan, coverage
    /// with unsent events, unused selectors, and a failed test that is not in the list.
    /// The orchestrator adds each failure to its test's messages; this does so for the declined test.
    static let verifiedRecord: RunRecord = {
        var verified = record
        verified.verification = verification
        let index = verified.tests.firstIndex { $0.id == declined }!
        verified.tests[index].messages += verification.verification(for: declined)!.messages
        return verified
    }()

    static let declined = TestID("SampleTests.Checkout/Declined/refuses(card:)")

    static let verification = VerificationReport(
        tests: [
            TestVerification(
                test: declined, eventCount: 2,
                failures: [
                    VerificationFailure(
                        kind: .missingEvent, event: "purchase_completed",
                        message:
                            "missing event: expected purchase_completed { currency: \"USD\", value: number > 0 } (at least 1), but the test sent no purchase_completed event",
                        expectation: SourceLocation(file: "Plans/sample.yml", line: 12, column: 9),
                        closest: [
                            ClosestEvent(
                                eventID: "e2", name: "checkout_started", receivedAt: start.addingTimeInterval(2), sameName: false,
                                matchedParams: 1, paramCount: 2,
                                differences: [ParamDifference(path: "value", expected: "number > 0", actual: nil)],
                                params: events[1].params
                            ),
                            ClosestEvent(
                                eventID: "e3", name: "payment_failed", receivedAt: start.addingTimeInterval(3), sameName: false,
                                matchedParams: 0, paramCount: 2,
                                differences: [
                                    ParamDifference(path: "currency", expected: "\"USD\"", actual: nil),
                                    ParamDifference(path: "reason", expected: "absent", actual: "\"\(scriptPayload)\" (string)"),
                                ],
                                params: events[2].params
                            ),
                        ]
                    ),
                    VerificationFailure(
                        kind: .forbiddenEvent, event: "payment_failed",
                        message: "forbidden event payment_failed was sent 1 time: #e3",
                        expectation: SourceLocation(file: "Plans/sample.yml", line: 15, column: 9), eventIDs: ["e3"]
                    ),
                ],
                violations: [
                    CatalogViolation(
                        kind: .enumMismatch, event: "payment_failed", path: "reason", expected: "one of \"declined\", \"expired\"",
                        actual: "\"\(scriptPayload)\" (string)", test: declined, count: 1, eventIDs: ["e3"]
                    ),
                    CatalogViolation(
                        kind: .missingRequired, event: "checkout_started", path: "value", expected: "number >= 0", actual: nil,
                        test: declined, count: 1, eventIDs: ["e2"]
                    ),
                ]
            ),
            TestVerification(
                test: TestID("SampleTests.Failing/testTwoAsserts"), eventCount: 0,
                failures: [
                    VerificationFailure(
                        kind: .missingEvent, event: "cart_viewed",
                        message: "missing event: expected cart_viewed (at least 1), but the test sent no events",
                        expectation: SourceLocation(file: "Plans/sample.yml", line: 20, column: 9)
                    )
                ]
            ),
            TestVerification(
                test: TestID("SampleTests.Ghost/testGone()"), eventCount: 1,
                violations: [
                    CatalogViolation(
                        kind: .unplannedEvent, event: "ghost_seen", path: "", expected: "app_opened", actual: nil,
                        test: TestID("SampleTests.Ghost/testGone()"))
                ]),
            TestVerification(test: TestID("SampleTests.Passing/testOK"), eventCount: 0),
            TestVerification(test: TestID("SampleTests.Retry/testEventuallyPasses"), eventCount: 1),
        ],
        unattributed: [
            CatalogViolation(
                kind: .unplannedEvent, event: "app_open", path: "", expected: "app_opened", actual: nil, test: nil, count: 1, eventIDs: ["e1"])
        ],
        coverage: CatalogCoverage(events: [
            .init(name: "app_opened", count: 0), .init(name: "checkout_started", count: 1), .init(name: "payment_failed", count: 1),
            .init(name: "purchase_completed", count: 0), .init(name: "retry_seen", count: 1),
        ]),
        unusedSelectors: ["SampleTests.Gone/*", "<b>SampleTests.Typo</b>"],
        eventCount: 4, unattributedEventCount: 1
    )

    static let context = ReportContextFixture.context
}

enum ReportContextFixture {
    static let context = ReportContext(
        generatedAt: Date(timeIntervalSince1970: 1_795_242_000),
        toolVersion: "9.9.9",
        sourceRoot: "/repo"
    )
}
