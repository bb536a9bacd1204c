import Foundation
import TelltaleTestSupport
import Testing

/// `Scripts/package-release`: an archive says which Telltale it holds. The release build itself
/// (20-45 minutes here) is Scripts/benchmark-release.sh's and the release workflow's, not a test's.
@Suite(.tags(.medium))
struct PackageReleaseTests {
    static let script = "\(TelltaleProcess.repositoryRoot)/Scripts/package-release"

    @Test func refusesABinaryThatDoesNotNameItsCommit() async throws {
        let work = try TelltaleProcess.temporaryDirectory("package-release-unknown-commit")
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The tests' telltale is a plain `swift build`: `0.1.0 (commit unknown: …)`.
        let result = try await TelltaleProcess.runProcess(
            Self.script, ["--binary", try TelltaleProcess.executable()], in: work, environment: ["DIST": "\(work)/dist"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not '0.1.0 (built from commit …)'"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(work)/dist") == [])
    }

    @Test func writesTheSumsOfEveryArchiveOfTheVersion() async throws {
        let work = try TelltaleProcess.temporaryDirectory("package-release-sums")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let dist = "\(work)/dist"
        try FileManager.default.createDirectory(atPath: dist, withIntermediateDirectories: true)
        for (name, text) in [
            ("telltale-0.1.0-linux-x86_64.tar.gz", "one"), ("telltale-0.1.0-macos-universal.tar.gz", "two"),
            ("telltale-0.0.9-linux-x86_64.tar.gz", "old"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dist)/\(name)"))
        }
        let result = try await TelltaleProcess.runProcess(Self.script, ["--sums"], in: work, environment: ["DIST": dist])
        #expect(result.status == 0, "\(result.stderr)")
        let sums = try String(contentsOfFile: "\(dist)/telltale-0.1.0-sha256sums.txt", encoding: .utf8)
        let check = try await ChildProcesses.run("sha256sum", ["--check", "--strict", "telltale-0.1.0-sha256sums.txt"], in: dist)
        #expect(check.status == 0, "\(sums)\n\(check.stderrText)")
        #expect(sums.split(separator: "\n").count == 2 && !sums.contains("0.0.9"), "\(sums)")
    }
}
