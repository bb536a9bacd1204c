import Foundation
import TelltaleTestSupport
import Testing

/// The SwiftPM command plugin package `Scripts/package-plugin` writes: SwiftPM reads its
/// artifact bundle (info.json, an `executable` artifact) and runs the bundle's telltale through
/// `swift package telltale …` in a package that depends on it. The bundle holds the tests' own
/// telltale, archived as a release archive is; nothing of Telltale is compiled.
@Suite(.tags(.large))
struct CommandPluginTests {
    static let script = "\(TelltaleProcess.repositoryRoot)/Scripts/package-plugin"

    static func swiftPackage(_ arguments: [String], in package: String, work: String) async throws -> TelltaleProcess.Result {
        try await TelltaleProcess.runProcess(
            "/usr/bin/env", ["swift", "package", "--cache-path", "\(work)/cache"] + arguments, in: package)
    }

    @Test func aPackageThatDependsOnThePluginRunsTheBundledTelltale() async throws {
        let work = try TelltaleProcess.temporaryDirectory("command-plugin")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await InstallScriptTests.release(in: work)
        let archive = "\(release)/telltale-0.1.0-\(InstallScriptTests.platform).tar.gz"
        let packaged = try await TelltaleProcess.runProcess(Self.script, ["--out", "\(work)/out", archive], in: work)
        #expect(packaged.status == 0, "\(packaged.stderr)")
        let info = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(work)/out/TelltalePlugin/telltale.artifactbundle/info.json")))
        #expect((info as? [String: Any])?["schemaVersion"] as? String == "1.0", "\(info)")

        let app = "\(work)/ShopApp"
        try FileManager.default.createDirectory(atPath: "\(app)/Sources/ShopApp", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(app)/Tests/ShopAppTests", withIntermediateDirectories: true)
        try "public struct Shop { public init() {} }\n".write(toFile: "\(app)/Sources/ShopApp/Shop.swift", atomically: true, encoding: .utf8)
        try "import ShopApp\nimport Testing\n\n@Test func opens() { _ = Shop() }\n".write(
            toFile: "\(app)/Tests/ShopAppTests/ShopTests.swift", atomically: true, encoding: .utf8)
        try """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "ShopApp",
            dependencies: [.package(path: "../out/TelltalePlugin")],
            targets: [.target(name: "ShopApp"), .testTarget(name: "ShopAppTests", dependencies: ["ShopApp"])]
        )
        """.write(toFile: "\(app)/Package.swift", atomically: true, encoding: .utf8)

        let plugins = try await Self.swiftPackage(["plugin", "--list"], in: app, work: work)
        #expect(plugins.status == 0, "\(plugins.stderr)")
        #expect(plugins.stdout.contains("‘telltale’ (plugin ‘TelltaleCommand’ in package ‘TelltalePlugin’)"), "\(plugins.stdout)")

        let version = try await Self.swiftPackage(["--disable-sandbox", "telltale", "--version"], in: app, work: work)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.contains("0.1.0 ("), "\(version.stdout)\n\(version.stderr)")
        // `swift package` exits 1 on any failure; the message keeps telltale's status, 2 for bad usage.
        let usage = try await Self.swiftPackage(["--disable-sandbox", "telltale", "run", "--no-such-option"], in: app, work: work)
        #expect(usage.status == 1)
        #expect(usage.stderr.contains("telltale exited with status 2"), "\(usage.stdout)\n\(usage.stderr)")

        // A whole run: telltale builds the package whose `.build` the plugin's SwiftPM holds.
        let run = try await Self.swiftPackage(["--disable-sandbox", "telltale", "run", "--no-history"], in: app, work: work)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("1 passed"), "\(run.stdout)")
    }

    /// The release's form: the bundle zipped, named by URL and checksum, which SwiftPM's manifest
    /// loader accepts (it downloads the bundle only when the plugin is used).
    @Test func theReleasedPackageNamesTheZippedBundleByURLAndChecksum() async throws {
        let work = try TelltaleProcess.temporaryDirectory("command-plugin-url")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let release = try await InstallScriptTests.release(in: work, platforms: ["linux-x86_64", "macos-universal"])
        let url = "https://github.com/OWNER/telltale/releases/download/v0.1.0/telltale-0.1.0.artifactbundle.zip"
        let packaged = try await TelltaleProcess.runProcess(
            Self.script,
            [
                "--url", url, "--out", "\(work)/out", "\(release)/telltale-0.1.0-linux-x86_64.tar.gz",
                "\(release)/telltale-0.1.0-macos-universal.tar.gz",
            ],
            in: work)
        #expect(packaged.status == 0, "\(packaged.stderr)")
        let zip = "\(work)/out/telltale-0.1.0.artifactbundle.zip"
        let checksum = try await Self.swiftPackage(["compute-checksum", zip], in: "\(work)/out/TelltalePlugin", work: work)
        #expect(checksum.status == 0, "\(checksum.stderr)")
        let manifest = try await Self.swiftPackage(["dump-package"], in: "\(work)/out/TelltalePlugin", work: work)
        #expect(manifest.status == 0, "\(manifest.stderr)")
        #expect(manifest.stdout.contains(url), "\(manifest.stdout)")
        #expect(manifest.stdout.contains(checksum.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(manifest.stdout)")
        let listing = try await ChildProcesses.run("unzip", ["-l", zip])
        for entry in ["telltale.artifactbundle/info.json", "telltale.artifactbundle/telltale-0.1.0-macos-universal/bin/telltale"] {
            #expect(listing.stdoutText.contains(entry), "\(listing.stdoutText)")
        }
    }
}
