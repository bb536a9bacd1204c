import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// A test process whose counts are missing makes the figures a lower bound: every threshold then
/// fails the gate, naming the process, rather than judge what was left; without a threshold it
/// is a note. `coverage.json` keeps the gaps, and merged shards keep each shard's.
@Suite(.tags(.small))
struct CoverageGapTests {
    static let gap = CoverageGap(process: "r-w1/p4", reason: "wrote no profile", tests: ["A/one", "A/two", "A/three", "A/four"])

    @Test func aGapFailsEveryThresholdEvenAFigureThatWouldPass() {
        var data = DiffCoverageTests.data(diffMinimum: 10, minimum: 10)
        #expect(CoverageSummarizer.summarize(data).gateFailures.isEmpty, "70% and 50% pass thresholds of 10%")
        data.gaps = [Self.gap]
        let summary = CoverageSummarizer.summarize(data)
        #expect(summary.gateFailures.map(\.figure) == [.incomplete])
        let message = summary.gateFailures.first?.message ?? ""
        #expect(message.contains("coverage is incomplete"), "\(message)")
        #expect(message.contains("at least 70.0%, 7/10 lines"), "\(message)")
        #expect(message.contains("test process r-w1/p4 (A/one, A/two, A/three and 1 more) wrote no profile"), "\(message)")
        #expect(summary.summaryLine.hasSuffix("(incomplete: 1 test process left no readable profile)"), "\(summary.summaryLine)")

        data.thresholds = CoverageThresholds()
        #expect(CoverageSummarizer.summarize(data).gateFailures.isEmpty, "no threshold, nothing to judge")
        data.thresholds.minimum = 10
        data.subset = CoverageSubsetTests.changed
        #expect(CoverageSummarizer.summarize(data).gateFailures.isEmpty, "a partial run's total is judged by no minimum anyway")
    }

    @Test func coverageJSONAndMergedShardsKeepTheGaps() throws {
        var data = DiffCoverageTests.data()
        data.gaps = [Self.gap]
        let read = try JSONValueDecoder().decode(LineCoverage.self, from: try LineCoverageFile.encode(data))
        #expect(read.gaps == [Self.gap])
        let merged = LineCoverage.merging([data, DiffCoverageTests.data(), data]).data
        #expect(merged.gaps == [Self.gap, Self.gap])
        #expect(LineCoverage.merging([DiffCoverageTests.data()]).data.gaps == nil)
    }

    /// The runner's names: the process's placement id made a file name, and each profile traced
    /// back to its process (a bisection's processes, numbered apart, are not the run's).
    @Test func aProfilesNameCarriesItsProcess() {
        let pattern = CoverageBuild.profilePattern(directory: "/r/profiles", continuous: true)
        let named = ProfileFileName.naming(pattern, process: "run1-w2/p12")
        #expect(named.hasPrefix("/r/profiles/run1-w2-p12-"))
        #expect(ProfileFileName.isWritten("run1-w2-p12-4242-8765_0.profraw", by: "run1-w2/p12"))
        #expect(ProfileFileName.isWritten("t3fa9-run1-w2-p12-4242-8765_0.profraw", by: "run1-w2/p12"), "after a map's test key")
        #expect(!ProfileFileName.isWritten("run1-w2-p1-4242-8765_0.profraw", by: "run1-w2/p12"))
        #expect(!ProfileFileName.isWritten("run1-w2-p12-4242-8765_0.profraw", by: "run1-w2/p1"))
        #expect(!ProfileFileName.isWritten("run1-bisect-p1-4242.profraw", by: "run1-w1/p1"))
        #expect(ProfileFileName.fileName(ofProcess: "a b/p3") == "a_b-p3")
    }

    @Test func theAuditNamesMissingAndLostProfilesOnly() {
        let gaps = ProfileAudit.gaps(
            processes: ["r-w1/p1": ["A/one"], "r-w1/p2": ["A/two"], "r-w2/p10": ["A/ten"]],
            written: ["r-w1-p1-11-x.profraw", "r-w2-p10-12-x.profraw", "r-w2-p10-13-x.profraw", "q-14.profraw", "r-bisect-p2-15.profraw"],
            lost: ["r-w2-p10-13-x.profraw": "left an empty profile", "q-14.profraw": "cannot be read"], continuous: true)
        #expect(gaps.map(\.process) == ["r-w1/p2", "r-w2/p10", "q-14.profraw"], "\(gaps)")
        #expect(gaps[0].reason.hasPrefix("wrote no profile"))
        #expect(gaps[1].reason == "left an empty profile")
    }
}

/// The export leaves out the package's own `.build` only: a package whose folder is itself inside
/// some `.build` (a checkout kept in a CI cache, a tool's clone) is still measured.
@Suite(.tags(.small))
struct CoverageExportFilterTests {
    @Test func onlyThePackagesOwnBuildFolderIsIgnored() throws {
        let pattern = CoverageExport.ignoredBuildFolder(of: "/work/.build/real-packages/Big+Int (1)")
        let regex = try Regex(pattern)
        #expect("/work/.build/real-packages/Big+Int (1)/.build/checkouts/x.swift".contains(regex))
        #expect(!"/work/.build/real-packages/Big+Int (1)/Sources/BigInt.swift".contains(regex))
        #expect(!"/work/.build/real-packages/Big+Int (10)/.build/x.swift".contains(regex))
    }
}

/// The coverage build's folder holds only objects built with Telltale's flags: a folder stamped
/// with others, or holding a build and no stamp, is cleared before the build.
@Suite(.tags(.small))
struct CoverageBuildFolderTests {
    @Test func aFolderBuiltWithOtherFlagsIsClearedAndOneBuiltWithTheseIsKept() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-coverage-scratch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        #expect(try CoverageBuild.prepareScratch(scratch) == nil, "a new folder")
        let object = "\(scratch)/debug/Module.build/File.swift.o"
        try FileManager.default.createDirectory(atPath: "\(scratch)/debug/Module.build", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: object, contents: Data("object".utf8))
        #expect(try CoverageBuild.prepareScratch(scratch) == nil)
        #expect(FileManager.default.fileExists(atPath: object), "built with these flags: kept")

        try Data("--enable-code-coverage\n".utf8).write(to: URL(fileURLWithPath: "\(scratch)/telltale-coverage-flags"))
        let note = try #require(try CoverageBuild.prepareScratch(scratch))
        #expect(note.contains("built with other flags (--enable-code-coverage)"), "\(note)")
        #expect(!FileManager.default.fileExists(atPath: object), "built with other flags: cleared")
        #expect(try CoverageBuild.prepareScratch(scratch) == nil, "stamped again")

        try FileManager.default.removeItem(atPath: "\(scratch)/telltale-coverage-flags")
        #expect(try CoverageBuild.prepareScratch(scratch)?.contains("(unknown)") == true, "a build without a stamp is cleared")
    }

    @Test func theFolderIsInsideThePackagesOwnBuildFolder() {
        #expect(CoverageBuild.scratchPath(package: "/work/App/") == "/work/App/.build/telltale-coverage")
    }
}
