import TelltaleModel

/// A selection of listed tests as xcodebuild's identifiers (`Target/Class/testMethod`,
/// `Target/Suite/function()`, `Target/Class` for a whole class, `Target` for a bundle):
/// `-only-testing` for what runs, or, where that is the shorter list, `-skip-testing` for
/// what does not. Every test selected: neither.
package struct XcodeTestSelection: Sendable, Equatable {
    package var only: [String] = []
    package var skip: [String] = []

    package init(only: [String] = [], skip: [String] = []) {
        self.only = only
        self.skip = skip
    }

    package init(selected: [TestID], listed: [TestID]) {
        let chosen = Set(selected)
        let left = listed.filter { !chosen.contains($0) }
        if left.isEmpty { return }
        let only = BatchArguments.cover(selected: selected, listed: listed)
        let skip = BatchArguments.cover(selected: left, listed: listed)
        if skip.count < only.count {
            self.skip = skip.map(Self.identifier)
        } else {
            self.only = only.map(Self.identifier)
        }
    }

    /// `Target.Class/testMethod` → `Target/Class/testMethod`: the id's path joined by slashes.
    package static func identifier(of id: TestID) -> String {
        identifier([id.module] + id.components)
    }

    private static func identifier(_ path: [String]) -> String {
        path.joined(separator: "/")
    }
}
