import Foundation
import TelltaleModel
import TelltaleProcesses
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// A crash's message, from what a test process printed under Swift's default backtracer
/// (Recordings/CrashingFixture-default-backtrace.txt: `FatalErrorCases/trapsWithAFatalError()`
/// run by its test binary with no `SWIFT_BACKTRACE`, Swift 6.3.1 on Linux, paths shortened).
@Suite(.tags(.small))
struct CrashReportTests {
    static let output = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Recordings/CrashingFixture-default-backtrace.txt"), encoding: .utf8
    ).components(separatedBy: "\n")

    @Test func keepsTheFatalErrorTheCrashedThreadAndTheTestsOwnLines() {
        let text = CrashReport.message(exit: .signaled(4), output: Self.output)
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0] == "the test process crashed with signal 4 (SIGILL) while this test was running")
        #expect(lines[1] == "CrashingFixtureTests/SwiftTestingCrash.swift:21: Fatal error: boom from Swift Testing")
        #expect(lines.contains(#"Thread 4 "oot.default-qos" crashed:"#))
        #expect(text.contains("FatalErrorCases.trapsWithAFatalError() + 249 in CrashingFixturePackageTests.xctest at"))
        #expect(!text.contains("Thread 0"), "other threads are left out")
        #expect(!text.contains("Registers") && !text.contains("Images"), "registers and images are left out")
        #expect(text.hasSuffix("last lines of output:\n" + Self.output[0..<7].joined(separator: "\n")), "\(text)")
    }

    @Test func aTimeoutSaysWhyAndAProcessWithoutABacktraceKeepsItsLines() {
        let text = CrashReport.message(exit: .signaled(9), output: ["working", "still working"], reason: "timed out after 5 s")
        #expect(text == "timed out after 5 s\n\nlast lines of output:\nworking\nstill working")
    }

    @Test func aBacktraceAfterAPartialLineLeavesTheLineToTheTest() {
        let (own, backtrace) = CrashReport.split(["about to crash*** Signal 11: Backtracing from 0x1... done ***", "", "Thread 0 crashed:"])
        #expect(own == ["about to crash"])
        #expect(backtrace.first?.hasPrefix("*** Signal 11") == true)
    }

    @Test func theCrashIsLocatedAtTheRuntimesMessageOrTheFirstFrameInThePackage() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("crash-location-\(UUID().uuidString)").path
        let file = "\(root)/Tests/CrashingFixtureTests/SwiftTestingCrash.swift"
        try FileManager.default.createDirectory(atPath: "\(root)/Tests/CrashingFixtureTests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/.build/checkouts/Other/CrashingFixtureTests", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: file, contents: Data())
        FileManager.default.createFile(atPath: "\(root)/.build/checkouts/Other/CrashingFixtureTests/SwiftTestingCrash.swift", contents: Data())
        defer { try? FileManager.default.removeItem(atPath: root) }

        #expect(CrashLocation.find(in: Self.output, packageRoot: root) == SourceLocation(file: file, line: 21))
        #expect(
            CrashLocation.find(in: ["Fatal error: boom: file CrashingFixtureTests/SwiftTestingCrash.swift, line 9"], packageRoot: root)
                == SourceLocation(file: file, line: 9), "the message before Swift 5.9")
        let trapInTheLibrary = [
            "Swift/ContiguousArrayBuffer.swift:690: Fatal error: Index out of range",
            "  1 [ra] 0x0000 Cases.test() + 249 in P.xctest at \(file):33:7",
        ]
        #expect(CrashLocation.find(in: trapInTheLibrary, packageRoot: root) == SourceLocation(file: file, line: 33, column: 7))
        #expect(CrashLocation.find(in: ["no location here"], packageRoot: root) == nil)
    }
}
