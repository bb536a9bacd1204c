import Foundation
import TelltaleTestSupport
import Testing

/// `Scripts/check-dependencies` holds Package.swift and every import to the target table of
/// Docs/Architecture.md. It passes on the repository, and fails on a copy that breaks a rule.
@Suite(.tags(.medium))
struct DependencyCheckTests {
    static let script = "\(TelltaleProcess.repositoryRoot)/Scripts/check-dependencies"

    @Test func theRepositoryFollowsTheArchitecture() async throws {
        let result = try await TelltaleProcess.runProcess(Self.script, [], in: TelltaleProcess.repositoryRoot)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("dependencies follow Docs/Architecture.md"))
    }

    @Test func aTestTargetImportingWhatItMayNotUseFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let file = "\(copy)/Tests/TelltaleModelTests/TestIDTests.swift"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try ("import TelltaleCapture\n" + source).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.runProcess(Self.script, ["--root", copy], in: copy)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Tests/TelltaleModelTests/TestIDTests.swift:1: TelltaleModelTests imports TelltaleCapture"))
    }

    @Test func aLibraryReachingPastItsRowFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        // The tracker ships inside apps: it may not use the capture server.
        let file = "\(copy)/Sources/TelltaleTracker/Tracker.swift"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try ("import Hummingbird\n" + source).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.runProcess(Self.script, ["--root", copy], in: copy)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("TelltaleTracker imports Hummingbird"))
    }

    /// Package.swift, the architecture page and every Swift source, without fixtures or builds.
    static func copyOfTheRepository() throws -> String {
        let root = TelltaleProcess.repositoryRoot
        let copy = try TelltaleProcess.temporaryDirectory("dependency-check")
        let manager = FileManager.default
        try manager.createDirectory(atPath: "\(copy)/Docs", withIntermediateDirectories: true)
        try manager.copyItem(atPath: "\(root)/Package.swift", toPath: "\(copy)/Package.swift")
        try manager.copyItem(atPath: "\(root)/Docs/Architecture.md", toPath: "\(copy)/Docs/Architecture.md")
        for folder in ["Sources", "Tests"] {
            let enumerator = try #require(manager.enumerator(atPath: "\(root)/\(folder)"))
            while let relative = enumerator.nextObject() as? String {
                if relative.hasPrefix("Fixtures") || relative.contains("/.build") {
                    enumerator.skipDescendants()
                    continue
                }
                guard relative.hasSuffix(".swift") else { continue }
                let target = "\(copy)/\(folder)/\(relative)"
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: "\(root)/\(folder)/\(relative)", toPath: target)
            }
        }
        return copy
    }
}
