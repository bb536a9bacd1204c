import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run --coverage` on `Tests/Fixtures/CoverageFixture`: two library targets, both
/// frameworks, a line no test runs, a branch taken one way, an exit test whose child alone runs a
/// line, and a test that crashes its process on the first attempt and passes on the retry. Every
/// output names exactly the expected lines, and the totals are `swift test`'s.
@Suite(.tags(.large))
struct CoverageRunTests {
    static let fixture = "CoverageFixture"
    static let shapes = "Sources/Shapes/Shapes.swift"
    static let pricing = "Sources/Pricing/Pricing.swift"

    /// Executable lines, as llvm-cov counts them, and those no test runs: the `else` of `sign`
    /// (the branch taken one way, with its closing brace) and all of `unusedPerimeter`. Line 13 (a circle's area) runs
    /// only in the test that crashes, and Pricing's line 12 only in the exit test's child.
    static let expected: [String: (covered: Set<Int>, uncovered: Set<Int>)] = [
        shapes: ([8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 24], [22, 23, 27, 28, 29]),
        pricing: ([5, 6, 7, 10, 11, 12, 13, 14, 15], []),
    ]

    static func run(_ extra: [String] = []) async throws -> FixtureRuns.Run {
        try await FixtureRuns.shared.run(fixture: fixture, extraArguments: ["--coverage", "--retries", "1"] + extra)
    }

    /// `DA:line,count` of each file in an LCOV tracefile.
    static func lcovLines(_ path: String) throws -> [String: [Int: Int]] {
        var files: [String: [Int: Int]] = [:]
        var current: String?
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("SF:") { current = String(line.dropFirst(3)) }
            if line.hasPrefix("DA:"), let current {
                let fields = line.dropFirst(3).split(separator: ",").compactMap { Int($0) }
                files[current, default: [:]][fields[0]] = fields[1]
            }
        }
        return files
    }

    @Test func everyOutputNamesExactlyTheExpectedLines() async throws {
        let run = try await Self.run(["--workers", "1"])
        #expect(run.process.status == 0, "stdout: \(run.process.stdout)\nstderr: \(run.process.stderr)")
        let record = try #require(run.record)
        // The crash really happened, and the retry passed.
        let crash = try #require(record.tests.first { $0.id.rawValue.hasSuffix("RetryCrashTests/testCircleCrashesOnce") })
        #expect(crash.isFlaky && crash.previousAttempts.first?.outcome == .error, "\(crash)")

        let lcov = try Self.lcovLines("\(run.reportDirectory)/coverage.lcov")
        #expect(Set(lcov.keys) == Set(Self.expected.keys))
        let cobertura = try await CoverageReaders.pycobertura("\(run.reportDirectory)/coverage.xml")
        let coverage = try #require(record.coverage)
        for (file, lines) in Self.expected {
            let measured = lcov[file] ?? [:]
            #expect(Set(measured.filter { $0.value > 0 }.keys) == lines.covered, "covered lines of \(file)")
            #expect(Set(measured.filter { $0.value == 0 }.keys) == lines.uncovered, "uncovered lines of \(file)")
            let repositoryPath = "Tests/Fixtures/\(Self.fixture)/\(file)"
            #expect(Set(cobertura.missed[repositoryPath] ?? []) == lines.uncovered, "Cobertura's missed lines of \(repositoryPath)")
            let summary = try #require(coverage.files.first { $0.path == file })
            #expect(summary.lines == CoverageCount(covered: lines.covered.count, total: lines.covered.count + lines.uncovered.count))
        }
        #expect(coverage.files.map(\.target) == ["Pricing", "Shapes"])
        #expect(coverage.targets.map(\.name) == ["Pricing", "Shapes"])
        #expect(coverage.lines == CoverageCount(covered: 22, total: 27))
        #expect(coverage.repositoryPrefix == "Tests/Fixtures/\(Self.fixture)")
        #expect(run.process.stdout.contains("line coverage 81.5% (22/27)"), "\(run.process.stdout)")
        // The real readers agree.
        #expect(cobertura.lines == CoverageReaders.Totals(covered: 22, total: 27))
        let summary = try await CoverageReaders.lcovSummary("\(run.reportDirectory)/coverage.lcov")
        #expect(summary.lines == CoverageReaders.Totals(covered: 22, total: 27), "\(summary.output)")
        #expect(try await XMLLint.wellFormed(path: "\(run.reportDirectory)/coverage.xml").status == 0)
        // Kept for `report` and `merge`; the raw profiles are gone.
        #expect(FileManager.default.fileExists(atPath: "\(run.reportDirectory)/coverage.json"))
        #expect(FileManager.default.fileExists(atPath: "\(run.reportDirectory)/coverage.profdata"))
        #expect(!FileManager.default.fileExists(atPath: "\(run.reportDirectory)/profiles"))
        // summary.md has the short table.
        let markdown = try String(contentsOfFile: "\(run.reportDirectory)/summary.md", encoding: .utf8)
        #expect(markdown.contains("### Coverage") && markdown.contains("| 81.5% (22/27) |"), "\(markdown)")
    }

    /// Line by line over every file, against `swift test --enable-code-coverage`'s own profile
    /// (llvm-cov's LCOV of it, `SwiftTestCoverage`): the same files, the same executable lines, the
    /// same lines run, and Telltale's totals are those lines'.
    @Test func everyLineEqualsSwiftTestsOwnProfile() async throws {
        let run = try await Self.run(["--workers", "1"])
        let coverage = try #require(run.record?.coverage)
        let ours = try SwiftTestCoverage.read(lcov: String(contentsOfFile: "\(run.reportDirectory)/coverage.lcov", encoding: .utf8))
        let theirs = try await SwiftTestCoverage.measure(package: FixtureRuns.package(Self.fixture))
        #expect(Set(theirs.keys) == Set(Self.expected.keys), "swift test measured \(theirs.keys.sorted())")
        let differences = SwiftTestCoverage.differences(ours: ours, theirs: theirs)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        let lines = theirs.values.reduce(into: (covered: 0, total: 0)) {
            $0.covered += $1.covered.count
            $0.total += $1.executable.count
        }
        if theirs.values.allSatisfy(\.unknown.isEmpty) {
            #expect(coverage.lines == CoverageCount(covered: lines.covered, total: lines.total))
        } else {
            #expect(coverage.lines.total == lines.total)
        }
    }

    /// Under `--skip-build` (the package's own coverage build, no continuous profiles) the test
    /// process that crashes writes no profile: the run names it and its test as a gap, and the
    /// plan's `minimum` fails the gate rather than judge what the other processes counted.
    @Test func aProcessThatLeftNoProfileIsAGapAndFailsTheGate() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("coverage-gap")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let package = "\(folder)/\(Self.fixture)"
        try FixtureSources.copy(FixtureRuns.package(Self.fixture), to: package)
        try Data("version: 1\ncoverage: { minimum: 10 }\n".utf8).write(to: URL(fileURLWithPath: "\(package)/telltale.yml"))
        let build = try await TelltaleProcess.runProcess(
            "/usr/bin/env", ["swift", "build", "--build-tests", "--enable-code-coverage"], in: package)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let run = try await TelltaleProcess.run(["run", "--package", package, "--skip-build", "--retries", "1", "--workers", "1"])
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        let record = try RunRecordFile.read(path: "\(package)/Reports/run.json")
        #expect(record.tests.allSatisfy { $0.outcome == .passed }, "the crash was retried and passed")
        let coverage = try #require(record.coverage)
        let gap = try #require(coverage.gaps?.first, "\(record.notes)")
        #expect(coverage.gaps?.count == 1)
        #expect(gap.tests.contains { $0.hasSuffix("RetryCrashTests/testCircleCrashesOnce") }, "\(gap)")
        #expect(gap.reason.hasPrefix("wrote no profile"), "\(gap)")
        #expect(coverage.gateFailures.map(\.figure) == [.incomplete])
        #expect(run.stderr.contains("coverage is incomplete"), "\(run.stderr)")
        #expect(record.notes.contains { $0.contains("test process \(gap.process)") && $0.contains("its counts are missing") }, "\(record.notes)")
        #expect(run.stdout.contains("(incomplete: 1 test process left no readable profile)"), "\(run.stdout)")
    }

    /// `telltale report` draws every coverage output again from run.json and coverage.json, into another folder too.
    @Test func reportRedrawsTheCoverageOutputs() async throws {
        let run = try await Self.run(["--workers", "1"])
        let out = try TelltaleProcess.temporaryDirectory("coverage-report")
        let report = try await TelltaleProcess.run(["report", run.reportDirectory, "--out", out])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("line coverage 81.5% (22/27)"))
        // coverage.xml differs only in its timestamp.
        for name in ["coverage.lcov", "coverage.json"] {
            let redrawn = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
            #expect(redrawn == (try Data(contentsOf: URL(fileURLWithPath: "\(run.reportDirectory)/\(name)"))), "\(name)")
        }
        #expect(try await CoverageReaders.pycobertura("\(out)/coverage.xml").lines == CoverageReaders.Totals(covered: 22, total: 27))
    }
}
