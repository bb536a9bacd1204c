import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// A plan whose own selection keeps none of the listed tests, located as `plan validate`'s
/// problems are: each part that selects nothing by itself (`filter`, `skip`, `tags`,
/// `skipTags`, a suite) at its place in the plan, with the nearest listed id for a pattern
/// that reads like one; parts that each select tests but none together, at the first of them.
enum SelectionProblems {
    /// Empty when the plan's own selection keeps a test (the command line's options emptied it).
    static func problems(listed: [ListedTest], selection: TestSelection, file: String) -> [LocatedProblem] {
        guard !listed.isEmpty, (try? selection.select(listed))?.isEmpty == true else { return [] }
        let count = "none of the package's \(listed.count) test\(listed.count == 1 ? "" : "s")"
        var parts: [(path: [PlanSourceMap.Step], alone: TestSelection, patterns: [String])] = []
        if !selection.filter.isEmpty { parts.append(([.key("filter")], TestSelection(filter: selection.filter), selection.filter)) }
        if !selection.skip.isEmpty { parts.append(([.key("skip")], TestSelection(skip: selection.skip), [])) }
        if !selection.tags.isEmpty { parts.append(([.key("tags")], TestSelection(tags: selection.tags), [])) }
        if !selection.skipTags.isEmpty { parts.append(([.key("skipTags")], TestSelection(skipTags: selection.skipTags), [])) }
        for (index, group) in selection.groups.enumerated() {
            let key: [PlanSourceMap.Step] = [.key("suites"), .index(index)] + (group.filter.isEmpty ? [] : [.key("filter")])
            parts.append((key, TestSelection(groups: [group]), group.filter))
        }
        let ids = listed.map(\.id.rawValue)
        let empty = parts.filter { (try? $0.alone.select(listed))?.isEmpty == true }
        guard empty.isEmpty else {
            return empty.map { part in
                problem(
                    at: part.path, in: file, message: "selects \(count)",
                    hint: hint(for: part.patterns, ids: ids, tags: part.path.first == .key("tags") || part.path.first == .key("skipTags")))
            }
        }
        // Each part keeps some test, but not the same ones.
        guard let first = parts.first else { return [] }
        return [
            problem(
                at: first.path, in: file, message: "with the rest of the plan's selection, selects \(count)",
                hint: "the plan's filter, skip, tags and suites each keep tests, but no test is kept by all of them; `swift test list` shows the ids")
        ]
    }

    private static func problem(at path: [PlanSourceMap.Step], in file: String, message: String, hint: String) -> LocatedProblem {
        let location = PlanSourceMap.location(of: path, in: file)
        return LocatedProblem(
            file: file, line: location?.line ?? 1, column: location?.column ?? 1, keyPath: PlanSourceMap.keyPath(path), message: message,
            hint: hint)
    }

    /// The nearest listed id to a pattern written like an id (`Mod.Suite/test`), else where ids are shown.
    private static func hint(for patterns: [String], ids: [String], tags: Bool) -> String {
        if tags { return "tags select Swift Testing tests only (XCTest tests have none); `swift test list` shows the tests" }
        let near = patterns.compactMap { pattern -> String? in
            let plain = pattern.trimmingCharacters(in: ["^", "$"]).replacingOccurrences(of: "\\", with: "")
            let ranked = ids.map { ($0, EditDistance.between(plain, $0)) }.min { $0.1 < $1.1 }
            guard let (id, distance) = ranked, distance <= max(3, plain.count / 3) else { return nil }
            return "`\(pattern)` is near `\(id)`"
        }
        let lead = near.isEmpty ? "" : near.joined(separator: "; ") + "; "
        return lead + "a pattern is a regex matched anywhere in an id; `swift test list` shows the ids"
    }
}
