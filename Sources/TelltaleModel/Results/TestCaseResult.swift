/// One argument case of a parameterized Swift Testing test, a result of its own.
///
/// The case's messages are the test's messages whose `testCase` is `name`.
package struct TestCaseResult: Codable, Sendable, Hashable {
    /// The case's arguments as Swift Testing describes them (`3`, `"a", 2`), made unique
    /// within the test (a repeated description gains ` #2`), so reports can key on it.
    package var name: String
    package var outcome: TestOutcome
    package var duration: Double

    package init(name: String, outcome: TestOutcome, duration: Double = 0) {
        self.name = name
        self.outcome = outcome
        self.duration = duration
    }
}
