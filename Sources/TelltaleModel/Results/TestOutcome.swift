/// How one test ended.
///
/// `failed` is an assertion or expectation that did not hold; `error` is anything
/// that stopped the test from finishing on its own terms: a crash, a signal, a
/// thrown error in XCTest, a timeout. JUnit keeps the same distinction.
package enum TestOutcome: String, Codable, Sendable, Hashable, CaseIterable {
    case passed
    case failed
    case error
    case skipped

    /// Whether this outcome fails the run.
    package var isFailure: Bool { self == .failed || self == .error }
}
