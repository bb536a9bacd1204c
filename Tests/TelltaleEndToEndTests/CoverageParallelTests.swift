import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Coverage is the same however the tests are spread: one worker, four workers, and two CI
/// shards merged by `telltale merge` measure the same lines, on the fixture and on Yams 6.2.2.
@Suite(.tags(.large), .serialized)
struct CoverageParallelTests {
    /// Each measured file's covered and uncovered lines, from a report folder's coverage.lcov.
    static func lines(_ folder: String) throws -> [String: (covered: Set<Int>, uncovered: Set<Int>)] {
        try CoverageRunTests.lcovLines("\(folder)/coverage.lcov").mapValues { counts in
            (Set(counts.filter { $0.value > 0 }.keys), Set(counts.filter { $0.value == 0 }.keys))
        }
    }

    /// Runs `package` with 1 worker, 4 workers, and as 2 shards merged; returns each way's report folder.
    static func spreads(package: String, extra: [String]) async throws -> [(name: String, folder: String, record: RunRecord)] {
        var results: [(String, String, RunRecord)] = []
        for (name, arguments) in [("1 worker", ["--workers", "1"]), ("4 workers", ["--workers", "4"])] {
            // One report folder relative to where Telltale runs (the repository), not to the
            // package, where the test processes run: their profiles must still land in it.
            let relative = ".build/telltale-e2e-coverage-\(UUID().uuidString)"
            let folder =
                name == "1 worker" ? "\(TelltaleProcess.repositoryRoot)/\(relative)" : try TelltaleProcess.temporaryDirectory("coverage-spread")
            let run = try await TelltaleProcess.run(
                ["run", "--package", package, "--coverage", "--report-dir", name == "1 worker" ? relative : folder] + arguments + extra)
            #expect(run.status == 0, "\(name): \(run.stderr.suffix(3000))")
            results.append((name, folder, try RunRecordFile.read(path: "\(folder)/run.json")))
        }
        var shards: [String] = []
        for index in 1...2 {
            let folder = try TelltaleProcess.temporaryDirectory("coverage-shard")
            let run = try await TelltaleProcess.run(
                ["run", "--package", package, "--coverage", "--shard", "\(index)/2", "--workers", "2", "--report-dir", folder] + extra)
            #expect(run.status == 0, "shard \(index): \(run.stderr.suffix(3000))")
            shards.append(folder)
        }
        let merged = try TelltaleProcess.temporaryDirectory("coverage-merged")
        let merge = try await TelltaleProcess.run(["merge"] + shards + ["--out", merged])
        #expect(merge.status == 0, "merge: \(merge.stderr)")
        results.append(("2 shards merged", merged, try RunRecordFile.read(path: "\(merged)/run.json")))
        return results
    }

    /// The spreads' report folders, removed once compared (one is under the repository's `.build`).
    static func remove(_ spreads: [(name: String, folder: String, record: RunRecord)]) {
        for spread in spreads { try? FileManager.default.removeItem(atPath: spread.folder) }
    }

    static func expectTheSame(_ spreads: [(name: String, folder: String, record: RunRecord)]) throws {
        let reference = try #require(spreads.first)
        let referenceLines = try lines(reference.folder)
        let referenceCoverage = try #require(reference.record.coverage)
        #expect(referenceCoverage.lines.total > 0)
        for spread in spreads.dropFirst() {
            let coverage = try #require(spread.record.coverage, "\(spread.name) measured no coverage")
            #expect(coverage.lines == referenceCoverage.lines, "\(spread.name): \(coverage.lines) against \(referenceCoverage.lines)")
            #expect(coverage.functions == referenceCoverage.functions, "\(spread.name)")
            #expect(coverage.files == referenceCoverage.files, "\(spread.name)")
            let spreadLines = try lines(spread.folder)
            #expect(Set(spreadLines.keys) == Set(referenceLines.keys), "\(spread.name)")
            for (file, measured) in referenceLines {
                #expect(spreadLines[file]?.covered == measured.covered, "\(spread.name): covered lines of \(file)")
                #expect(spreadLines[file]?.uncovered == measured.uncovered, "\(spread.name): uncovered lines of \(file)")
            }
        }
    }

    @Test func theFixtureMeasuresTheSameLinesHoweverItIsSpread() async throws {
        let package = "Tests/Fixtures/\(CoverageRunTests.fixture)"
        let spreads = try await PackageLock.withLock(FixtureRuns.package(CoverageRunTests.fixture)) {
            try await Self.spreads(package: package, extra: ["--retries", "1"])
        }
        defer { Self.remove(spreads) }
        try Self.expectTheSame(spreads)
        #expect(spreads[0].record.coverage?.lines == CoverageCount(covered: 22, total: 27))
    }

    /// `swift test --skip-build` starts the test processes: SwiftPM sets `LLVM_PROFILE_FILE` only
    /// for its own `--enable-code-coverage`, so its test processes keep Telltale's, and each still
    /// writes its own profile.
    @Test func theSwiftPMLauncherMeasuresTheSameLines() async throws {
        let direct = try await CoverageRunTests.run(["--workers", "1"])
        let swiftpm = try await FixtureRuns.shared.run(
            fixture: CoverageRunTests.fixture, extraArguments: ["--coverage", "--retries", "1", "--workers", "2", "--launcher", "swiftpm"])
        #expect(swiftpm.process.status == 0, "\(swiftpm.process.stderr.suffix(3000))")
        try Self.expectTheSame([
            ("direct", direct.reportDirectory, try #require(direct.record)), ("swiftpm", swiftpm.reportDirectory, try #require(swiftpm.record)),
        ])
    }

    @Test func yamsMeasuresTheSameLinesHoweverItIsSpread() async throws {
        // The clone `CoverageAgreementTests` measures too: one coverage build for both.
        let package = try await MirroredPackage.checkout(
            CoverageAgreementTests.url, tag: CoverageAgreementTests.tag, repository: TelltaleProcess.repositoryRoot)
        let spreads = try await PackageLock.withLock(package) { try await Self.spreads(package: package, extra: []) }
        defer { Self.remove(spreads) }
        try Self.expectTheSame(spreads)
        let coverage = try #require(spreads[0].record.coverage)
        #expect(coverage.targets.map(\.name) == ["Yams"], "CYaml is C, which SwiftPM does not build for coverage")
    }
}
