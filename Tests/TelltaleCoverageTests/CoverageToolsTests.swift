import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// The toolchain's real `llvm-profdata` and `llvm-cov` on a program compiled for coverage here.
@Suite(.tags(.medium), .serialized)
struct CoverageToolsTests {
    /// A folder with `main.swift` built by `swiftc -profile-generate -profile-coverage-mapping`.
    static func instrumentedProgram() async throws -> (folder: String, binary: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-cov-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        func label(_ value: Int) -> String {
            if value > 0 {
                return "positive"
            } else {
                return "other"
            }
        }
        print(label(Int(CommandLine.arguments.last!) ?? 0))

        """.write(toFile: "\(folder)/main.swift", atomically: true, encoding: .utf8)
        let build = try await ChildProcesses.run(
            "swiftc", ["-profile-generate", "-profile-coverage-mapping", "main.swift", "-o", "program"], in: folder)
        try #require(build.status == 0, "swiftc failed: \(build.stderrText)")
        return (folder, "\(folder)/program")
    }

    @Test func toolsAreFoundBesideSwiftAndAMissingOneIsNamed() async throws {
        let tools = try await CoverageTools.locate()
        #expect(tools.profdata.hasSuffix("/llvm-profdata") && tools.cov.hasSuffix("/llvm-cov"))
        // A `swift` that is not the toolchain's (a wrapper script) has no LLVM tools beside it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-noswift-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: "\(folder)/swift", contents: Data("#!/bin/sh\nexit 0\n".utf8), attributes: [.posixPermissions: 0o755])
        await #expect {
            _ = try await CoverageTools.locate(environment: ["PATH": folder])
        } throws: { error in
            (error as? CoverageTools.MissingCoverageTool)?.description.contains("llvm-profdata") == true
                && (error as? CoverageTools.MissingCoverageTool)?.description.contains(folder) == true
        }
    }

    @Test func everyProcessWritesItsOwnProfileAndACutOrMissingOneIsAGapNamingItsProcess() async throws {
        let program = try await Self.instrumentedProgram()
        let profiles = "\(program.folder)/profiles"
        let collector = CoverageCollector(tools: try await CoverageTools.locate(), profileDirectory: profiles)
        try collector.prepare()
        let pattern = CoverageBuild.profilePattern(directory: profiles, continuous: false)
        for argument in ["1", "2"] {
            // As the runner names each test process's profile.
            let file = ProfileFileName.naming(pattern, process: "run-w1/p\(argument)")
            let run = try await ChildProcesses.run(
                program.binary, [argument], environment: ProcessInfo.processInfo.environment.merging(["LLVM_PROFILE_FILE": file]) { $1 })
            #expect(run.status == 0)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: profiles).filter { $0.hasSuffix(".profraw") }.sorted()
        #expect(written.count == 2)
        #expect(written.map { $0.hasPrefix("run-w1-p1-") || $0.hasPrefix("run-w1-p2-") } == [true, true], "\(written)")
        // A third process's profile, cut short as a process killed while writing it leaves it.
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(profiles)/\(written[0])"))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: "\(profiles)/run-w1-p3-99999-cut.profraw"))

        // A fourth test process ran and left no profile at all (it crashed, without continuous profiles).
        let export = try await collector.export(
            testBinary: program.binary, mergedProfile: "\(program.folder)/merged.profdata",
            processes: ["run-w1/p1": ["A/one"], "run-w1/p2": ["A/two"], "run-w1/p3": ["A/three"], "run-w1/p4": ["A/four", "A/five"]],
            continuous: false)
        #expect(export.gaps.map(\.process) == ["run-w1/p3", "run-w1/p4"], "\(export.gaps)")
        #expect(export.gaps.first?.reason.contains("left out") == true, "\(export.gaps)")
        #expect(export.gaps.last?.description.hasPrefix("test process run-w1/p4 (A/four, A/five) wrote no profile") == true, "\(export.gaps)")
        let file = try #require(export.files.first { $0.path.hasSuffix("/main.swift") })
        // Both whole profiles merged: the positive branch ran twice, the other never.
        #expect(file.lines.first { $0.line == 3 }?.count == 2)
        #expect(file.lines.first { $0.line == 5 }?.count == 0)
        try? FileManager.default.removeItem(atPath: program.folder)
    }

    @Test func noProfileAtAllIsAFailureThatSaysHowToBuild() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-empty-\(UUID().uuidString)").path
        let collector = CoverageCollector(tools: try await CoverageTools.locate(), profileDirectory: folder)
        try collector.prepare()
        await #expect {
            _ = try await collector.export(testBinary: "/nonexistent", mergedProfile: "\(folder)/m.profdata")
        } throws: { error in
            (error as? CoverageFailure)?.description.contains("--enable-code-coverage") == true
        }
        collector.cleanUp()
    }
}
