import TelltaleModel

/// What a test's Swift Testing traits say that reports and scheduling use.
package struct TestTraits: Sendable, Hashable {
    package var displayName: String?
    /// Without the leading dot: `network`, not `.network`.
    package var tags: [String]
    package var bugs: [TestBug]
    /// Its `.timeLimit(...)`: the watchdog stops it there when that is shorter than the plan's timeout.
    package var timeLimit: Duration?

    package init(displayName: String? = nil, tags: [String] = [], bugs: [TestBug] = [], timeLimit: Duration? = nil) {
        self.displayName = displayName
        self.tags = tags
        self.bugs = bugs
        self.timeLimit = timeLimit
    }

    /// These traits, with what `other` knows and these lack.
    func filling(from other: TestTraits) -> TestTraits {
        TestTraits(
            displayName: displayName ?? other.displayName,
            tags: tags.isEmpty ? other.tags : tags,
            bugs: bugs.isEmpty ? other.bugs : bugs,
            timeLimit: timeLimit ?? other.timeLimit
        )
    }
}
