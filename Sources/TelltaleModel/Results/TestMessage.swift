/// One thing a test reported: a failed assertion, an error, the reason for a skip,
/// a known issue or a warning (which Swift Testing records without failing the test).
package struct TestMessage: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, Hashable {
        case failure
        case error
        case skip
        case knownIssue
        /// `Issue.record(_:severity: .warning)`: shown in every report, never a failure.
        case warning
    }

    package var kind: Kind
    package var text: String
    package var location: SourceLocation?
    /// For a parameterized Swift Testing test: the arguments of the case that recorded it.
    package var testCase: String?

    package init(kind: Kind, text: String, location: SourceLocation? = nil, testCase: String? = nil) {
        self.kind = kind
        self.text = text
        self.location = location
        self.testCase = testCase
    }

    /// Telltale's report of a test process that died under the test (`the test process crashed
    /// with signal 4 …`), which quotes the test's last lines itself.
    package var isCrashReport: Bool {
        kind == .error && text.hasPrefix("the test process")
    }
}

extension TestMessage.Kind {
    /// Failures and errors fail their test; known issues, warnings and skips do not.
    package var failsTest: Bool { self == .failure || self == .error }
}
