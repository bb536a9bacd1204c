import TelltaleModel

/// A test as the test binary lists it, with the framework that runs it.
public struct ListedTest: Sendable, Hashable, Comparable {
    public var id: TestID
    public var framework: TestFramework

    public init(id: TestID, framework: TestFramework) {
        self.id = id
        self.framework = framework
    }

    public static func < (lhs: ListedTest, rhs: ListedTest) -> Bool {
        (lhs.framework.rawValue, lhs.id) < (rhs.framework.rawValue, rhs.id)
    }
}
