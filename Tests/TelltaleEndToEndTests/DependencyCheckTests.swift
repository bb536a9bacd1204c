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

    @Test func aFolderOfSourcesThePageDoesNotNameFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try await Self.problems(in: copy)
        try FileManager.default.createDirectory(atPath: "\(copy)/Sources/TelltaleModel/Extra", withIntermediateDirectories: true)
        try "struct Extra {}\n".write(toFile: "\(copy)/Sources/TelltaleModel/Extra/Extra.swift", atomically: true, encoding: .utf8)
        let added = try await Self.problems(in: copy).subtracting(before)
        #expect(added.count == 1, "\(added)")
        #expect(added.first?.hasPrefix("Sources/TelltaleModel/Extra: a feature folder Docs/Architecture.md:") == true, "\(added)")
    }

    @Test func aFeatureFolderThatIsGoneFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try await Self.problems(in: copy)
        try FileManager.default.removeItem(atPath: "\(copy)/Sources/TelltaleOrchestrator/Stress")
        let added = try await Self.problems(in: copy).subtracting(before)
        #expect(added.count == 1, "\(added)")
        #expect(
            added.first?.hasSuffix("the feature folders name Stress/ of TelltaleOrchestrator, which Sources/TelltaleOrchestrator does not have")
                == true, "\(added)")
    }

    @Test func aTopLevelFolderThePageDoesNotNameFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try await Self.problems(in: copy)
        try FileManager.default.createDirectory(atPath: "\(copy)/Extras", withIntermediateDirectories: true)
        let added = try await Self.problems(in: copy).subtracting(before)
        #expect(added.count == 1, "\(added)")
        #expect(added.first?.hasPrefix("Extras/: a top-level folder Docs/Architecture.md:") == true, "\(added)")
    }

    @Test func theTargetTableAndPackageSwiftMustListTheSameTargets() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try await Self.problems(in: copy)
        let page = "\(copy)/Docs/Architecture.md"
        var lines = try String(contentsOfFile: page, encoding: .utf8).components(separatedBy: "\n")
        let row = try #require(lines.firstIndex { $0.hasPrefix("| `TelltaleJSON` |") })
        lines[row] = "| `TelltaleYAML` | library | a target Package.swift does not have | — |"
        try lines.joined(separator: "\n").write(toFile: page, atomically: true, encoding: .utf8)
        let added = try await Self.problems(in: copy).subtracting(before)
        #expect(added.contains("Package.swift: target TelltaleJSON is not in the target table of Docs/Architecture.md"), "\(added)")
        #expect(added.contains("Docs/Architecture.md:\(row + 1): TelltaleYAML is in the target table but not in Package.swift"), "\(added)")
    }

    /// `public` is for the modules apps link; Telltale's own modules say `package`.
    @Test func aPublicDeclarationInAToolModuleFails() async throws {
        let copy = try Self.copyOfTheRepository()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try await Self.problems(in: copy)
        try "public struct Extra {}\n".write(toFile: "\(copy)/Sources/TelltaleModel/Extra.swift", atomically: true, encoding: .utf8)
        // The tracker ships inside apps: its API stays public.
        try "public struct Extra {}\n".write(toFile: "\(copy)/Sources/TelltaleTracker/Extra.swift", atomically: true, encoding: .utf8)
        let added = try await Self.problems(in: copy).subtracting(before)
        #expect(
            added == ["Sources/TelltaleModel/Extra.swift:1: `public` in TelltaleModel, which no library product vends: write `package`"],
            "\(added)")
    }

    /// The problems the check reports on a copy (a copy lacks the folders that hold no Swift:
    /// tests compare what a change adds).
    static func problems(in copy: String) async throws -> Set<String> {
        let result = try await TelltaleProcess.runProcess(script, ["--root", copy], in: copy)
        return Set(
            result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasSuffix("with a reason") && !$0.hasPrefix("dependencies follow") })
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
