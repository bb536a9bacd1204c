import Foundation
import TelltaleTestSupport
import Testing

/// Telltale's line coverage of a real package (Yams 6.2.2: its Swift library, about 2,500 lines)
/// equals, line by line, llvm-cov's export of `swift test --enable-code-coverage`'s own profile:
/// from a folder nothing was built in, and from one where `swift test --enable-code-coverage` ran
/// first, as a team's folder is. The second once read whole files as 0: the coverage build reused
/// objects that build had compiled without counter relocation, and in continuous mode their
/// counters never reached a profile (`CoverageBuild`). (BigInt, where the bug was found, draws
/// random operands: a few of its lines run in one run and not the next, whoever runs it.)
@Suite(.tags(.large), .serialized)
struct CoverageAgreementTests {
    static let url = "https://github.com/jpsim/Yams"
    static let tag = "6.2.2"

    /// `telltale run --coverage` of `package`'s every test, with `workers`; its coverage.lcov's lines.
    static func telltale(_ package: String, workers: Int) async throws -> [String: SwiftTestCoverage.Lines] {
        let reports = try TelltaleProcess.temporaryDirectory("coverage-agreement")
        defer { try? FileManager.default.removeItem(atPath: reports) }
        let run = try await TelltaleProcess.run(
            ["run", "--package", package, "--coverage", "--workers", "\(workers)", "--report-dir", reports])
        try #require(run.status == 0, "telltale run --coverage --workers \(workers): \(run.stdout.suffix(2000))\(run.stderr.suffix(3000))")
        #expect(!run.stderr.contains("incomplete"), "\(run.stderr.suffix(3000))")
        return try SwiftTestCoverage.read(lcov: String(contentsOfFile: "\(reports)/coverage.lcov", encoding: .utf8))
    }

    static func expectAgreement(_ ours: [String: SwiftTestCoverage.Lines], _ theirs: [String: SwiftTestCoverage.Lines], _ how: String) {
        let differences = SwiftTestCoverage.differences(ours: ours, theirs: theirs)
        #expect(differences.isEmpty, "\(how): \(differences.prefix(5).joined(separator: "\n"))")
        let lines = theirs.values.reduce(0) { $0 + $1.executable.count }
        #expect(lines >= 500, "\(how): a real package of at least 500 library lines, \(lines) measured")
    }

    /// `swift test --enable-code-coverage`'s lines, measured once in the clone it leaves built
    /// for coverage (SwiftPM's way), which the first test then runs Telltale in.
    actor Reference {
        static let shared = Reference()
        private var lines: [String: SwiftTestCoverage.Lines]?

        /// Call holding the clone's lock.
        func measured(in package: String) async throws -> [String: SwiftTestCoverage.Lines] {
            if let lines { return lines }
            let measured = try await SwiftTestCoverage.measure(inPlace: package)
            lines = measured
            return measured
        }
    }

    static func swiftTestFirst() async throws -> String {
        try await MirroredPackage.checkout(url, tag: tag, copy: "swift-test-first", repository: TelltaleProcess.repositoryRoot)
    }

    static func reference() async throws -> [String: SwiftTestCoverage.Lines] {
        let package = try await swiftTestFirst()
        return try await PackageLock.withLock(package) { try await Reference.shared.measured(in: package) }
    }

    @Test func aFolderWhereSwiftTestMeasuredCoverageFirstMeasuresTheSameLines() async throws {
        let package = try await Self.swiftTestFirst()
        try await PackageLock.withLock(package) {
            // The team's own coverage run leaves its build in the package's `.build`.
            let theirs = try await Reference.shared.measured(in: package)
            for workers in [1, 2] {
                Self.expectAgreement(
                    try await Self.telltale(package, workers: workers), theirs, "after swift test --enable-code-coverage, \(workers) worker(s)")
            }
            // Neither build touched the other's objects: the team's next coverage run compiles nothing.
            let again = try await TelltaleProcess.runProcess("/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: package)
            #expect(again.status == 0)
            let compiled = (again.stdout + again.stderr).split(separator: "\n").filter { $0.contains("Compiling") && !$0.contains("plugin") }
            #expect(compiled.isEmpty, "swift test --enable-code-coverage after telltale run --coverage compiled: \(compiled.prefix(5))")
        }
    }

    /// Every object of the package's library in the coverage build has counter relocation, which
    /// continuous profiles need (it references the bias LLVM's runtime sets): none was left from
    /// a build without it.
    @Test(.disabled(if: Platform.isMacOS, "profiles are written at exit there")) func everyObjectOfTheCoverageBuildKeepsItsCountersInContinuousMode()
        async throws
    {
        let package = try await Self.swiftTestFirst()
        try await PackageLock.withLock(package) {
            _ = try await Reference.shared.measured(in: package)
            _ = try await Self.telltale(package, workers: 1)
            let objects = "\(package)/.build/telltale-coverage/debug/Yams.build"
            let names = try FileManager.default.contentsOfDirectory(atPath: objects).filter { $0.hasSuffix(".swift.o") }
            #expect(names.count > 10)
            for name in names {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(objects)/\(name)"))
                #expect(bytes.range(of: Data("__llvm_profile_counter_bias".utf8)) != nil, "\(name) was compiled without counter relocation")
            }
        }
    }

    @Test func aFolderNothingWasBuiltInMeasuresTheSameLines() async throws {
        let package = try await MirroredPackage.checkout(Self.url, tag: Self.tag, repository: TelltaleProcess.repositoryRoot)
        let theirs = try await Self.reference()
        try await PackageLock.withLock(package) {
            for workers in [1, 3] {
                Self.expectAgreement(try await Self.telltale(package, workers: workers), theirs, "fresh, \(workers) worker(s)")
            }
        }
    }
}
