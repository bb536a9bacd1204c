import TelltaleModel

/// A test as the test binary lists it, with the framework that runs it.
public struct ListedTest: Sendable, Hashable, Comparable {
    public var id: TestID
    public var framework: TestFramework
    /// What its Swift Testing traits say (XCTest tests have none).
    public var traits: TestTraits
    /// Where the test is declared, when the listing tells (XCTest's, from its sources: its
    /// processes on Linux report none); Swift Testing's results carry their own.
    public var location: SourceLocation?

    public init(id: TestID, framework: TestFramework, traits: TestTraits = TestTraits(), location: SourceLocation? = nil) {
        self.id = id
        self.framework = framework
        self.traits = traits
        self.location = location
    }

    public static func < (lhs: ListedTest, rhs: ListedTest) -> Bool {
        (lhs.framework.rawValue, lhs.id) < (rhs.framework.rawValue, rhs.id)
    }
}
