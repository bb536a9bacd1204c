import TelltaleModel

/// A test as the test binary lists it, with the framework that runs it.
package struct ListedTest: Sendable, Hashable, Comparable {
    package var id: TestID
    package var framework: TestFramework
    /// What its Swift Testing traits say (XCTest tests have none).
    package var traits: TestTraits
    /// Where the test is declared, when the listing tells (XCTest's, from its sources: its
    /// processes on Linux report none); Swift Testing's results carry their own.
    package var location: SourceLocation?

    package init(id: TestID, framework: TestFramework, traits: TestTraits = TestTraits(), location: SourceLocation? = nil) {
        self.id = id
        self.framework = framework
        self.traits = traits
        self.location = location
    }

    package static func < (lhs: ListedTest, rhs: ListedTest) -> Bool {
        (lhs.framework.rawValue, lhs.id) < (rhs.framework.rawValue, rhs.id)
    }
}
