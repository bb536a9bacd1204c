import TelltaleModel

/// Chooses tests the way `swift test --filter/--skip` does.
///
/// A pattern matches a test when it matches anywhere in its id
/// (`Module.Class/test`); for Swift Testing, as that library does, it may also
/// match an enclosing suite's id (`Module.Suite`), which selects the suite's
/// tests. With groups (a plan's suites), a test must be chosen by one group.
public struct TestSelection: Sendable {
    public struct Group: Sendable {
        public var name: String
        public var filter: [String]
        public var skip: [String]

        public init(name: String, filter: [String], skip: [String]) {
            self.name = name
            self.filter = filter
            self.skip = skip
        }
    }

    public var filter: [String]
    public var skip: [String]
    public var groups: [Group]

    public init(filter: [String] = [], skip: [String] = [], groups: [Group] = []) {
        self.filter = filter
        self.skip = skip
        self.groups = groups
    }

    public enum SelectionError: Error, Equatable, CustomStringConvertible {
        case invalidPattern(String, reason: String)

        public var description: String {
            switch self {
            case .invalidPattern(let pattern, let reason): "'\(pattern)' is not a valid regular expression: \(reason)"
            }
        }
    }

    public func select(_ tests: [ListedTest]) throws(SelectionError) -> [ListedTest] {
        let filters = try compile(filter)
        let skips = try compile(skip)
        let compiledGroups = try groups.map { group throws(SelectionError) in
            (try compile(group.filter), try compile(group.skip))
        }
        return tests.filter { test in
            let names = candidates(test)
            guard filters.isEmpty || matchesAny(filters, names) else { return false }
            guard !matchesAny(skips, names) else { return false }
            guard !compiledGroups.isEmpty else { return true }
            return compiledGroups.contains { groupFilters, groupSkips in
                (groupFilters.isEmpty || matchesAny(groupFilters, names)) && !matchesAny(groupSkips, names)
            }
        }
    }

    /// The name of the first group that selects the test, for per-suite settings.
    public func group(of test: ListedTest) -> String? {
        let names = candidates(test)
        return groups.first { group in
            let filters = (try? compile(group.filter)) ?? []
            let skips = (try? compile(group.skip)) ?? []
            return (filters.isEmpty || matchesAny(filters, names)) && !matchesAny(skips, names)
        }?.name
    }

    private func candidates(_ test: ListedTest) -> [String] {
        test.framework == .swiftTesting ? [test.id.rawValue] + test.id.enclosingSuiteIDs : [test.id.rawValue]
    }

    private func matchesAny(_ patterns: [Regex<AnyRegexOutput>], _ names: [String]) -> Bool {
        patterns.contains { pattern in names.contains { $0.contains(pattern) } }
    }

    private func compile(_ patterns: [String]) throws(SelectionError) -> [Regex<AnyRegexOutput>] {
        var compiled: [Regex<AnyRegexOutput>] = []
        for pattern in patterns {
            do {
                compiled.append(try Regex(pattern))
            } catch {
                throw .invalidPattern(pattern, reason: "\(error)")
            }
        }
        return compiled
    }
}
