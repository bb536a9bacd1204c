import TelltaleModel

/// A test as the test binary lists it, with the framework that runs it.
public struct ListedTest: Sendable, Hashable, Comparable {
    public var id: TestID
    public var framework: TestFramework
    /// What its Swift Testing traits say (XCTest tests have none).
    public var traits: TestTraits

    public init(id: TestID, framework: TestFramework, traits: TestTraits = TestTraits()) {
        self.id = id
        self.framework = framework
        self.traits = traits
    }

    public static func < (lhs: ListedTest, rhs: ListedTest) -> Bool {
        (lhs.framework.rawValue, lhs.id) < (rhs.framework.rawValue, rhs.id)
    }
}
