import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// Which files a run measures, and shards' data merged.
@Suite(.tags(.small))
struct CoverageSourcesTests {
    static let targets = [
        CoverageSources.Target(name: "Core", path: "Sources/Core", isTest: false),
        CoverageSources.Target(name: "CoreKit", path: "Sources/CoreKit", isTest: false),
        CoverageSources.Target(name: "CoreTests", path: "Tests/CoreTests", isTest: true),
    ]

    @Test func byDefaultThePackagesOwnNonTestTargets() {
        let sources = CoverageSources(root: "/repo/App", targets: Self.targets)
        #expect(sources.classify("/repo/App/Sources/Core/A.swift")! == ("Sources/Core/A.swift", "Core"))
        #expect(sources.classify("/repo/App/Sources/CoreKit/B.swift")! == ("Sources/CoreKit/B.swift", "CoreKit"))
        #expect(sources.classify("/repo/App/Tests/CoreTests/ATests.swift") == nil)
        #expect(sources.classify("/repo/App/.build/checkouts/yams/Sources/Yams/Parser.swift") == nil)
        #expect(sources.classify("/repo/App/.build/x86_64-unknown-linux-gnu/debug/Core.build/DerivedSources/resource_bundle_accessor.swift") == nil)
        #expect(sources.classify("/repo/Other/Sources/Core/A.swift") == nil)
        #expect(sources.classify("/repo/App/Scripts/tool.swift") == nil)
    }

    @Test func includeReplacesTheChoiceAndExcludeTakesOut() {
        let sources = CoverageSources(
            root: "/repo/App", targets: Self.targets, include: ["Sources/**", "Tests/**/*Helpers.swift"],
            exclude: ["*+Mock.swift", "Sources/CoreKit/**"])
        #expect(sources.classify("/repo/App/Sources/Core/Deep/A.swift")?.path == "Sources/Core/Deep/A.swift")
        #expect(sources.classify("/repo/App/Sources/Core/A+Mock.swift") == nil)
        #expect(sources.classify("/repo/App/Sources/CoreKit/B.swift") == nil)
        #expect(
            sources.classify("/repo/App/Tests/CoreTests/Support/TestHelpers.swift")! == ("Tests/CoreTests/Support/TestHelpers.swift", "CoreTests"))
        #expect(sources.classify("/repo/App/Tests/CoreTests/ATests.swift") == nil)
    }

    @Test func globs() {
        #expect(PathGlob("Sources/**/Generated/*").matches("Sources/A/B/Generated/x.swift"))
        #expect(PathGlob("Sources/**/Generated/*").matches("Sources/Generated/x.swift"))
        #expect(!PathGlob("Sources/**/Generated/*").matches("Sources/Generated/sub/x.swift"))
        #expect(PathGlob("Sources/*.swift").matches("Sources/a.swift"))
        #expect(!PathGlob("Sources/*.swift").matches("Sources/x/a.swift"))
        #expect(PathGlob("File?.swift").matches("Sources/x/File1.swift"))
        #expect(PathGlob("./Sources/**").matches("Sources/x/y.swift"))
    }

    @Test func shardsDataMergedCountsALineRunInAnyShard() {
        func shard(_ counts: [Int], function: Int) -> LineCoverage {
            LineCoverage(
                root: "/repo", base: "main",
                files: [
                    CoverageFile(
                        path: "Sources/A.swift", target: "A", lines: counts.enumerated().map { CoverageLine(line: $0.offset + 1, count: $0.element) },
                        functions: [CoverageFunction(name: "f", line: 1, count: function)], changed: [LineRange(2, 2)], digest: "d")
                ])
        }
        let (merged, notes) = LineCoverage.merging([shard([1, 0, 0], function: 1), shard([0, 0, 2], function: 2)])
        #expect(notes.isEmpty)
        #expect(merged.files[0].lines.map(\.count) == [1, 0, 2])
        #expect(merged.files[0].functions == [CoverageFunction(name: "f", line: 1, count: 3)])
        #expect(merged.files[0].changed == [LineRange(2, 2)])
        #expect(CoverageSummarizer.summarize(merged).lines == CoverageCount(covered: 2, total: 3))
        var other = shard([0, 0, 0], function: 0)
        other.files[0].digest = "e"
        #expect(LineCoverage.merging([shard([1, 0, 0], function: 1), other]).notes.count == 1)
    }
}
