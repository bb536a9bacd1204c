import XCTest

/// Tests that print lines shaped like XCTest's status for other tests, as a log replay or a
/// test of a test helper does. Their verdicts are their own.
final class FakeStatusCases: XCTestCase {
    func testPrintsAFailedLineForAnotherThenPasses() {
        print("Test Case 'FakeStatusCases.testOther' failed (0.001 seconds).")
    }

    func testPrintsAPassedLineForAnotherThenFails() {
        print("Test Case 'FakeStatusCases.testOther' passed (0.001 seconds).")
        XCTFail("really fails")
    }

    func testFailsThenPrintsAPassedLineForAnother() {
        XCTFail("fails first")
        print("Test Case 'FakeStatusCases.testOther' passed (0.001 seconds).")
    }

    func testPassesThenPrintsAFailedLineForAnother() {
        XCTAssertEqual(1 + 1, 2)
        print("Test Case 'FakeStatusCases.testOther' failed (0.001 seconds).")
    }

    func testPrintsAWholeFakeTestThenPasses() {
        print("Test Case 'FakeStatusCases.testOther' started at 2026-11-25 10:00:00.000")
        print("/tmp/Other.swift:3: error: FakeStatusCases.testOther : XCTAssertTrue failed")
        print("Test Case 'FakeStatusCases.testOther' failed (0.001 seconds).")
        print("Test Suite 'FakeStatusCases' failed at 2026-11-25 10:00:00.001")
    }

    func testPrintsAFakeLineAfterAPartialOneThenFails() {
        print("partial", terminator: "")
        print("Test Case 'FakeStatusCases.testOther' passed (0.001 seconds).")
        XCTFail("really fails")
    }
}
