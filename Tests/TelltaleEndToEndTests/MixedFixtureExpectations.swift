import TelltaleModel

/// What `Tests/Fixtures/MixedFixture` must produce, test by test. Written from the
/// fixture's source, not from a run: every outcome here is what its code does.
enum MixedFixtureExpectations {
    static let outcomes: [String: TestOutcome] = [
        "MixedFixtureTests.PassingCases/testAddition": .passed,
        "MixedFixtureTests.PassingCases/testAsyncWork": .passed,
        "MixedFixtureTests.PassingCases/testPrintsOutput": .passed,
        "MixedFixtureTests.FailingCases/testMultiLineMessage": .failed,
        "MixedFixtureTests.FailingCases/testTwoFailures": .failed,
        "MixedFixtureTests.FailingCases/testThrows": .failed,
        "MixedFixtureTests.SkippedCases/testSkipped": .skipped,
        "MixedFixtureTests.NoisyCases/testThousandsOfLines": .passed,
        "MixedFixtureTests.SwiftTestingPassing/addition()": .passed,
        "MixedFixtureTests.SwiftTestingPassing/asyncWork()": .passed,
        "MixedFixtureTests.SwiftTestingPassing/parameterized(value:)": .passed,
        "MixedFixtureTests.SwiftTestingFailing/failingExpectation()": .failed,
        "MixedFixtureTests.SwiftTestingFailing/parameterizedOneFails(value:)": .failed,
        "MixedFixtureTests.SwiftTestingFailing/knownIssue()": .passed,
        "MixedFixtureTests.SwiftTestingFailing/disabled()": .skipped,
        "MixedFixtureTests.freeFunctionPasses()": .passed,
    ]

    static let closingLine = "9 passed, 5 failed, 2 skipped"
}
