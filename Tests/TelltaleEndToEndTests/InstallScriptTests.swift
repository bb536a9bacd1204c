import Foundation
import TelltaleTestSupport
import Testing

/// `Scripts/install-telltale.sh --version X` against a release in a local folder (its
/// TELLTALE_RELEASE_URL), laid out as Scripts/package-release writes `dist/`: an archive of the
/// tests' own `telltale` (it says 0.1.0) and the sums file. No network: the folder is the release.
@Suite(.tags(.medium))
struct InstallScriptTests {
    static let script = "\(TelltaleProcess.repositoryRoot)/Scripts/install-telltale.sh"
    static let version = "0.1.0"

    /// This machine's platform, as the release names its archives.
    static var platform: String {
        #if os(macOS)
            return "macos-universal"
        #elseif arch(arm64)
            return "linux-aarch64"
        #else
            return "linux-x86_64"
        #endif
    }

    /// A release folder in `work/release` holding `telltale-VERSION-PLATFORM.tar.gz` of the tests'
    /// telltale for each platform given, and the sums file that lists them.
    static func release(in work: String, version: String = version, platforms: [String] = [platform]) async throws -> String {
        let release = "\(work)/release"
        try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
        for platform in platforms {
            let name = "telltale-\(version)-\(platform)"
            try FileManager.default.createDirectory(atPath: "\(work)/stage/\(name)/bin", withIntermediateDirectories: true)
            // Stripped, as Scripts/package-release ships it (half the debug binary's size), and
            // gzip's fastest level: the tests' archive is about its sum, not its size.
            let strip = try await ChildProcesses.run("strip", ["-o", "\(work)/stage/\(name)/bin/telltale", try TelltaleProcess.executable()])
            try #require(strip.status == 0, "\(strip.stderrText)")
            let tar = try await ChildProcesses.run(
                "tar", ["--use-compress-program=gzip -1", "-cf", "\(release)/\(name).tar.gz", "-C", "\(work)/stage", name])
            try #require(tar.status == 0, "\(tar.stderrText)")
        }
        try FileManager.default.removeItem(atPath: "\(work)/stage")
        let archives = platforms.map { "telltale-\(version)-\($0).tar.gz" }
        let sums = try await ChildProcesses.run("sha256sum", archives, in: release)
        try #require(sums.status == 0, "\(sums.stderrText)")
        try sums.stdout.write(to: URL(fileURLWithPath: "\(release)/telltale-\(version)-sha256sums.txt"))
        return release
    }

    /// The script with the release at `release`, and a TMPDIR of its own that must end up empty.
    static func install(_ arguments: [String], release: String, work: String) async throws -> TelltaleProcess.Result {
        let scratch = "\(work)/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        return try await TelltaleProcess.runProcess(
            script, arguments, in: work, environment: ["TELLTALE_RELEASE_URL": "file://\(release)", "TMPDIR": scratch])
    }

    static func leftovers(_ work: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "\(work)/tmp")
    }

    @Test func installsTheReleasedBinaryOnceItsSumMatches() async throws {
        let work = try TelltaleProcess.temporaryDirectory("install-released-binary")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await Self.release(in: work)
        let result = try await Self.install(["--version", Self.version, "--prefix", "\(work)/prefix"], release: release, work: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("installed \(work)/prefix/bin/telltale (0.1.0 ("), "\(result.stdout)")
        let installed = try await ChildProcesses.run("\(work)/prefix/bin/telltale", ["--version"])
        #expect(installed.status == 0 && installed.stdoutText.hasPrefix("0.1.0 ("), "\(installed.stdoutText)")
        #expect(try Self.leftovers(work) == [])
    }

    @Test func refusesAnArchiveWhoseSumDiffersAndLeavesNothingBehind() async throws {
        let work = try TelltaleProcess.temporaryDirectory("install-wrong-sum")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await Self.release(in: work)
        let sums = "\(release)/telltale-\(Self.version)-sha256sums.txt"
        let listed = try String(contentsOfFile: sums, encoding: .utf8)
        // Another archive's sum: the first digit changed.
        let wrong = (listed.hasPrefix("0") ? "1" : "0") + listed.dropFirst()
        try wrong.write(toFile: sums, atomically: true, encoding: .utf8)
        let result = try await Self.install(["--version", Self.version, "--prefix", "\(work)/prefix"], release: release, work: work)
        #expect(result.status == 1)
        #expect(result.stderr.contains("checksum mismatch for telltale-0.1.0-\(Self.platform).tar.gz"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing installed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/prefix"))
        #expect(try Self.leftovers(work) == [])
    }

    @Test func refusesAnArchiveWhoseTelltaleIsAnotherVersion() async throws {
        let work = try TelltaleProcess.temporaryDirectory("install-other-version")
        defer { try? FileManager.default.removeItem(atPath: work) }
        // Named 0.0.9, holding the tests' telltale, which says 0.1.0.
        let release = try await Self.release(in: work, version: "0.0.9")
        let result = try await Self.install(["--version", "0.0.9", "--prefix", "\(work)/prefix"], release: release, work: work)
        #expect(result.status == 1)
        #expect(result.stderr.contains("says it is '0.1.0 ("), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/prefix"))
        #expect(try Self.leftovers(work) == [])
    }

    /// A release without this platform's archive: the script says so and builds from source,
    /// here (`--dry-run`: the decision, without the release build's minutes) this clone, which
    /// is that version.
    @Test func fallsBackToASourceBuildWhereTheReleaseHasNoArchiveForThePlatform() async throws {
        let work = try TelltaleProcess.temporaryDirectory("install-fallback")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await Self.release(in: work, platforms: ["freebsd-x86_64"])
        let result = try await Self.install(
            ["--version", Self.version, "--prefix", "\(work)/prefix", "--dry-run"], release: release, work: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("no release archive for \(Self.platform): telltale-0.1.0-sha256sums.txt lists none"),
            "\(result.stderr)")
        #expect(result.stderr.contains("would build 0.1.0 from source in \(TelltaleProcess.repositoryRoot)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/prefix"))
        #expect(try Self.leftovers(work) == [])

        // No release at all, of a version this clone is not: its tag is cloned and built.
        let missing = try await Self.install(
            ["--version", "0.0.9", "--prefix", "\(work)/prefix", "--dry-run"], release: "\(work)/no-release", work: work)
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stderr.contains("telltale-0.0.9-sha256sums.txt does not exist"), "\(missing.stderr)")
        #expect(missing.stderr.contains("would clone v0.0.9 of https://github.com/OWNER/telltale"), "\(missing.stderr)")
    }

    /// Piped into bash (`curl … | bash -s -- --version X`), the script is in no clone.
    @Test func installsWhenPipedIntoBash() async throws {
        let work = try TelltaleProcess.temporaryDirectory("install-piped")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await Self.release(in: work)
        try FileManager.default.createDirectory(atPath: "\(work)/tmp", withIntermediateDirectories: true)
        let source = try Data(contentsOf: URL(fileURLWithPath: Self.script))
        let result = try await ChildProcesses.run(
            "bash", ["-s", "--", "--version", Self.version, "--prefix", "\(work)/prefix"], in: work,
            environment: ProcessInfo.processInfo.environment.merging(["TELLTALE_RELEASE_URL": release, "TMPDIR": "\(work)/tmp"]) { $1 },
            input: source)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(FileManager.default.isExecutableFile(atPath: "\(work)/prefix/bin/telltale"))
        #expect(try Self.leftovers(work) == [])
    }
}
