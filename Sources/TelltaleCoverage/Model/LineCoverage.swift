import TelltaleModel

/// The line-by-line coverage of a run's measured files, as `coverage.json` keeps it in the
/// report folder: what `coverage.lcov`, `coverage.xml`, the HTML's marked source, diff
/// coverage and Harbormaster's strings are all made from, so `telltale report` and `telltale
/// merge` redo them without the build. `run.json`'s `coverage` is its summary (`CoverageSummarizer`).
package struct LineCoverage: Codable, Sendable, Hashable {
    package static let currentSchemaVersion = 1
    /// The largest execution count kept: 2^53, the largest integer every JSON reader holds
    /// exactly. A count past it is a saturated counter (see `LCOVReader`); it still "ran".
    package static let maximumCount = 1 << 53

    /// `coverage.json`'s format; a reader refuses a newer one (`LineCoverageFile`).
    package var schemaVersion: Int
    /// The package's folder: file paths are relative to it.
    package var root: String
    /// The package's folder inside its git repository (`""` at the top); nil outside git.
    package var repositoryPrefix: String?
    /// The diff base, as people read it; nil when the run had none (then no file has `changed`).
    package var base: String?
    /// The plan's `minimum` and `diffMinimum`, which `telltale report` and `merge` apply again.
    package var thresholds: CoverageThresholds
    /// Set when the run selected some of the plan's tests (`minimum` then judges no total).
    package var subset: CoverageSubset?
    /// The test processes whose counts are missing (no, an empty or an unreadable profile); nil
    /// when every process's are in. No threshold judges an incomplete total.
    package var gaps: [CoverageGap]?
    /// Sorted by path.
    package var files: [CoverageFile]

    package init(
        root: String, repositoryPrefix: String? = nil, base: String? = nil, thresholds: CoverageThresholds = CoverageThresholds(),
        files: [CoverageFile]
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.root = root
        self.repositoryPrefix = repositoryPrefix
        self.base = base
        self.thresholds = thresholds
        self.files = files.sorted { $0.path < $1.path }
    }
}

/// One measured source file.
package struct CoverageFile: Codable, Sendable, Hashable {
    /// Relative to the package.
    package var path: String
    /// The package target that owns it; nil for a file an `include` glob added outside every target.
    package var target: String?
    /// Executable lines and how often each ran, by line number.
    package var lines: [CoverageLine]
    package var functions: [CoverageFunction]
    /// Only where llvm-cov measures branches (C code); Swift's coverage has none.
    package var branches: [CoverageBranch]
    /// Lines the change touched since the base; nil when the run had no base.
    package var changed: [LineRange]?
    /// A digest of the file's bytes when it was measured, so a report drawn later can tell an edited file.
    package var digest: String?

    package init(
        path: String, target: String?, lines: [CoverageLine], functions: [CoverageFunction] = [], branches: [CoverageBranch] = [],
        changed: [LineRange]? = nil, digest: String? = nil
    ) {
        self.path = path
        self.target = target
        self.lines = lines.sorted { $0.line < $1.line }
        self.functions = functions
        self.branches = branches
        self.changed = changed
        self.digest = digest
    }

    /// Executable lines that ran, of all executable lines.
    package var lineCount: CoverageCount {
        CoverageCount(covered: lines.count(where: { $0.count > 0 }), total: lines.count)
    }

    package var functionCount: CoverageCount {
        CoverageCount(covered: functions.count(where: { $0.count > 0 }), total: functions.count)
    }

    /// Branch outcomes taken; one never evaluated (`-`) counts as not taken.
    package var branchCount: CoverageCount {
        CoverageCount(covered: branches.count(where: { ($0.count ?? 0) > 0 }), total: branches.count)
    }
}

/// An executable line and how many times it ran (llvm-cov's line count).
package struct CoverageLine: Codable, Sendable, Hashable {
    package var line: Int
    package var count: Int

    package init(line: Int, count: Int) {
        self.line = line
        self.count = count
    }

    /// `[line, count]`: coverage.json holds one per executable line, so each is kept short.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        line = try container.decode(Int.self)
        count = try container.decode(Int.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(line)
        try container.encode(count)
    }
}

/// A function (llvm-cov's name: Swift's mangled symbol) and how often it was entered.
package struct CoverageFunction: Codable, Sendable, Hashable {
    package var name: String
    /// The line it begins on (`FN`'s).
    package var line: Int
    package var count: Int

    package init(name: String, line: Int, count: Int) {
        self.name = name
        self.line = line
        self.count = count
    }
}

/// One outcome of a branch, as LCOV's `BRDA:line,block,branch,taken` says it.
package struct CoverageBranch: Codable, Sendable, Hashable {
    package var line: Int
    /// LCOV's block and branch numbers, which tell a line's branch outcomes apart.
    package var block: Int
    package var branch: Int
    /// Nil when the branch's condition never ran (LCOV's `-`).
    package var count: Int?

    package init(line: Int, block: Int, branch: Int, count: Int?) {
        self.line = line
        self.block = block
        self.branch = branch
        self.count = count
    }
}
