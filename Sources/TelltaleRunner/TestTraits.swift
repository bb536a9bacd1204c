import TelltaleModel

/// What a test's Swift Testing traits say that reports and scheduling use.
public struct TestTraits: Sendable, Hashable {
    public var displayName: String?
    /// Without the leading dot: `network`, not `.network`.
    public var tags: [String]
    public var bugs: [TestBug]
    /// Its `.timeLimit(...)`: the watchdog stops it there when that is shorter than the plan's timeout.
    public var timeLimit: Duration?

    public init(displayName: String? = nil, tags: [String] = [], bugs: [TestBug] = [], timeLimit: Duration? = nil) {
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
