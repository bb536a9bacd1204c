import TelltaleModel

extension LineCoverage {
    /// The shards' data as one run's (`telltale merge`), and a file llvm-cov reported twice
    /// (two objects of one binary) as one file. A line ran if it ran in any part, so covered
    /// and uncovered lines, and every total, are exactly an unsharded run's. Counts are summed:
    /// a function's entries add up exactly; a line's count is llvm-cov's busiest region on it,
    /// so the sum may be higher than one run would say.
    package static func merging(_ parts: [LineCoverage]) -> (data: LineCoverage, notes: [String]) {
        guard let first = parts.first else { return (LineCoverage(root: "", files: []), []) }
        var notes: [String] = []
        var byPath: [String: [CoverageFile]] = [:]
        for file in parts.flatMap(\.files) { byPath[file.path, default: []].append(file) }
        let files = byPath.keys.sorted().map { path -> CoverageFile in
            let versions = byPath[path]!
            let digests = Set(versions.compactMap(\.digest))
            if digests.count > 1 {
                notes.append("coverage: the shards measured different versions of \(path); its merged lines may not match either")
            }
            return merged(versions)
        }
        var data = LineCoverage(
            root: first.root, repositoryPrefix: first.repositoryPrefix, base: parts.compactMap(\.base).first,
            thresholds: first.thresholds, files: files)
        // Every shard together is a whole run, unless something else narrowed them (`--changed`).
        data.subset = CoverageSubset.merging(parts.map(\.subset))
        let gaps = parts.flatMap { $0.gaps ?? [] }
        data.gaps = gaps.isEmpty ? nil : gaps
        data.schemaVersion = parts.map(\.schemaVersion).max() ?? Self.currentSchemaVersion
        return (data, notes)
    }

    /// One file from its versions in several parts: line and function counts summed, branches summed
    /// by their (line, block, branch), changed lines joined.
    static func merged(_ versions: [CoverageFile]) -> CoverageFile {
        guard versions.count > 1 else { return versions[0] }
        var lines: [Int: Int] = [:]
        var functions: [String: (line: Int, count: Int)] = [:]
        var functionOrder: [String] = []
        var branches: [BranchKey: Int?] = [:]
        var branchOrder: [BranchKey] = []
        var changed: [LineRange]?
        for file in versions {
            for line in file.lines { lines[line.line] = Self.sum(lines[line.line] ?? 0, line.count) }
            for function in file.functions {
                if functions[function.name] == nil { functionOrder.append(function.name) }
                let earlier = functions[function.name] ?? (function.line, 0)
                functions[function.name] = (earlier.line, Self.sum(earlier.count, function.count))
            }
            for branch in file.branches {
                let key = BranchKey(line: branch.line, block: branch.block, branch: branch.branch)
                if let existing = branches[key] {
                    // Nil (LCOV's `-`, never evaluated) only while every part says so.
                    branches[key] = (existing == nil && branch.count == nil) ? nil : Self.sum(existing ?? 0, branch.count ?? 0)
                } else {
                    branchOrder.append(key)
                    branches[key] = branch.count
                }
            }
            // The union of the parts' changed lines, as ranges again.
            if let ranges = file.changed {
                changed = LineRange.ranges(of: (changed ?? []).flatMap { $0.start...$0.end } + ranges.flatMap { $0.start...$0.end })
            }
        }
        return CoverageFile(
            path: versions[0].path,
            target: versions.compactMap(\.target).first,
            lines: lines.map { CoverageLine(line: $0.key, count: $0.value) },
            functions: functionOrder.map { CoverageFunction(name: $0, line: functions[$0]!.line, count: functions[$0]!.count) },
            branches: branchOrder.map { CoverageBranch(line: $0.line, block: $0.block, branch: $0.branch, count: branches[$0]!) },
            changed: changed,
            digest: versions.compactMap(\.digest).first
        )
    }

    /// Counts add up to at most `LineCoverage.maximumCount`: llvm-cov reports some of Swift's
    /// counters that underflowed (a `for … where` loop's) as 2^64 minus a little, which
    /// `LCOVReader` keeps as that maximum, still "ran", as llvm-cov reads it.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? LineCoverage.maximumCount : min(total, LineCoverage.maximumCount)
    }

    /// A branch outcome as every part names it.
    private struct BranchKey: Hashable {
        var line: Int
        var block: Int
        var branch: Int
    }
}
