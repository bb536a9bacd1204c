import Foundation
import TelltaleModel

/// Chooses tests the way `swift test --filter/--skip` does.
///
/// A pattern matches a test when it matches anywhere in its id
/// (`Module.Class/test`); for Swift Testing, as that library does, it may also
/// match an enclosing suite's id (`Module.Suite`), which selects the suite's
/// tests. With groups (a plan's suites), a test must be chosen by one group.
///
/// Tags select as Swift Testing's own tag filters do: with `tags`, a test must have at
/// least one of them (so XCTest tests, which have none, are left out); a test with any
/// of `skipTags` is left out. A suite's tags count for every test in it.
package struct TestSelection: Sendable {
    package struct Group: Sendable {
        package var name: String
        package var filter: [String]
        package var skip: [String]
        package var tags: [String]
        package var skipTags: [String]

        package init(name: String, filter: [String], skip: [String], tags: [String] = [], skipTags: [String] = []) {
            self.name = name
            self.filter = filter
            self.skip = skip
            self.tags = tags
            self.skipTags = skipTags
        }
    }

    package var filter: [String]
    package var skip: [String]
    package var tags: [String]
    package var skipTags: [String]
    package var groups: [Group]

    package init(filter: [String] = [], skip: [String] = [], tags: [String] = [], skipTags: [String] = [], groups: [Group] = []) {
        self.filter = filter
        self.skip = skip
        self.tags = tags.map(Self.tagName)
        self.skipTags = skipTags.map(Self.tagName)
        self.groups = groups.map { group in
            var group = group
            group.tags = group.tags.map(Self.tagName)
            group.skipTags = group.skipTags.map(Self.tagName)
            return group
        }
    }

    /// `.network` and `network` name the same tag.
    static func tagName(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }

    private static func tagsAllow(_ test: ListedTest, tags: [String], skipTags: [String]) -> Bool {
        let own = test.traits.tags
        if !tags.isEmpty, !own.contains(where: tags.contains) { return false }
        return !own.contains(where: skipTags.contains)
    }

    package enum SelectionError: Error, LocalizedError, Equatable, CustomStringConvertible {
        package var errorDescription: String? { description }
        case invalidPattern(String, reason: String)

        package var description: String {
            switch self {
            case .invalidPattern(let pattern, let reason): "'\(pattern)' is not a valid regular expression: \(reason)"
            }
        }
    }

    package func select(_ tests: [ListedTest]) throws(SelectionError) -> [ListedTest] {
        let filters = try compile(filter)
        let skips = try compile(skip)
        let compiledGroups = try groups.map { group throws(SelectionError) in
            (try compile(group.filter), try compile(group.skip))
        }
        return tests.filter { test in
            let names = candidates(test)
            guard filters.isEmpty || matchesAny(filters, names) else { return false }
            guard !matchesAny(skips, names) else { return false }
            guard Self.tagsAllow(test, tags: tags, skipTags: skipTags) else { return false }
            guard !compiledGroups.isEmpty else { return true }
            return zip(groups, compiledGroups).contains { group, compiled in
                (compiled.0.isEmpty || matchesAny(compiled.0, names)) && !matchesAny(compiled.1, names)
                    && Self.tagsAllow(test, tags: group.tags, skipTags: group.skipTags)
            }
        }
    }

    /// The name of the first group that selects the test, for per-suite settings.
    package func group(of test: ListedTest) -> String? {
        let names = candidates(test)
        return groups.first { group in
            let filters = (try? compile(group.filter)) ?? []
            let skips = (try? compile(group.skip)) ?? []
            return (filters.isEmpty || matchesAny(filters, names)) && !matchesAny(skips, names)
                && Self.tagsAllow(test, tags: group.tags, skipTags: group.skipTags)
        }?.name
    }

    /// The names a pattern may match: the id, and for a variant (`Suite/test [loggedOut]`) the
    /// test's own id too, so `^…/test$` still selects it; for Swift Testing, the enclosing suites.
    private func candidates(_ test: ListedTest) -> [String] {
        let own = test.id.variant == nil ? [test.id.rawValue] : [test.id.rawValue, test.id.withoutVariant.rawValue]
        return test.framework == .swiftTesting ? own + test.id.enclosingSuiteIDs : own
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
