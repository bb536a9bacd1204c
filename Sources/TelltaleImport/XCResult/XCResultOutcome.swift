import TelltaleModel

/// A node's `result` (the schema's `TestResult`) and what Telltale records for it.
enum XCResultOutcome: Sendable, Hashable {
    case passed
    case failed
    case skipped
    /// `XCTExpectFailure` (or a known issue) failed as expected: the test passes, its failures
    /// kept as known issues.
    case expectedFailure
    /// `unknown`, a value this importer does not know, or none at all: the test did not end
    /// on its own terms, as far as the JSON says.
    case unknown

    /// The schema's spellings; anything else (a newer Xcode's value) is `unknown`.
    init(_ result: String?) {
        switch result {
        case "Passed": self = .passed
        case "Failed": self = .failed
        case "Skipped": self = .skipped
        case "Expected Failure": self = .expectedFailure
        default: self = .unknown
        }
    }

    /// An expected failure passes; a test that did not end on its own terms is an `error`, as a
    /// crash is in a run of Telltale's own.
    var outcome: TestOutcome {
        switch self {
        case .passed, .expectedFailure: .passed
        case .failed: .failed
        case .skipped: .skipped
        case .unknown: .error
        }
    }

    /// What a `Failure Message` under a node with this result is.
    var messageKind: TestMessage.Kind {
        switch self {
        case .failed, .unknown: .failure
        case .skipped: .skip
        case .expectedFailure: .knownIssue
        // A message under a passing node did not fail it.
        case .passed: .warning
        }
    }
}
