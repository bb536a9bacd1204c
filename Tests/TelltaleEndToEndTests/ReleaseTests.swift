import Foundation
import TelltaleTestSupport
import Testing

/// What a newcomer copies from the docs works on the repository as published: the dependency
/// line resolves and the clone command clones without a tag; `telltale --version` says which
/// commit it is; the release script tags only what it should. A local clone of this repository
/// stands in for its URL, through git's `insteadOf` (the way this machine's own mirror works).
@Suite(.tags(.large))
struct ReleaseTests {
    static let documentedURL = "https://github.com/OWNER/telltale"

    @discardableResult
    static func git(_ arguments: [String], in directory: String, environment: [String: String] = [:]) async throws -> TelltaleProcess.Result {
        let result = try await TelltaleProcess.runProcess("/usr/bin/env", ["git"] + arguments, in: directory, environment: environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// A copy of this repository at its HEAD, with that commit as `main` (the published branch),
    /// and the variables that make git fetch the documented URL from it.
    static func publishedCopy(_ work: String) async throws -> [String: String] {
        let head = try await git(["rev-parse", "HEAD"], in: TelltaleProcess.repositoryRoot).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await git(["init", "--quiet", "--bare", "\(work)/telltale.git"], in: work)
        try await git(["push", "--quiet", "\(work)/telltale.git", "\(head):refs/heads/main"], in: TelltaleProcess.repositoryRoot)
        try await git(["--git-dir", "\(work)/telltale.git", "symbolic-ref", "HEAD", "refs/heads/main"], in: work)
        return ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.file://\(work)/telltale.git.insteadOf", "GIT_CONFIG_VALUE_0": documentedURL]
    }

    /// The `.package(url: …)` line of Docs/GettingStarted.md, as a newcomer copies it.
    static func documentedDependencyLine() throws -> String {
        let guide = try String(contentsOfFile: "\(TelltaleProcess.repositoryRoot)/Docs/GettingStarted.md", encoding: .utf8)
        let line = try #require(guide.split(separator: "\n").first { $0.contains(".package(url: \"\(documentedURL)\"") })
        return line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ","))
    }

    @Test func theDocumentedDependencyLineResolvesWithoutATag() async throws {
        let work = try TelltaleProcess.temporaryDirectory("dependency-line")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let environment = try await Self.publishedCopy(work)
        let line = try Self.documentedDependencyLine()
        let package = "\(work)/ShopApp"
        try FileManager.default.createDirectory(atPath: "\(package)/Sources/ShopApp", withIntermediateDirectories: true)
        try "import TelltaleTracker\n".write(toFile: "\(package)/Sources/ShopApp/Shop.swift", atomically: true, encoding: .utf8)
        try """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "ShopApp",
            platforms: [.macOS(.v15)],
            dependencies: [
                \(line)
            ],
            targets: [
                .target(name: "ShopApp", dependencies: [.product(name: "TelltaleTracker", package: "telltale")])
            ]
        )
        """.write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
        let resolved = try await TelltaleProcess.runProcess(
            "/usr/bin/env", ["swift", "package", "--cache-path", "\(work)/cache", "show-dependencies", "--format", "json"], in: package,
            environment: environment)
        #expect(resolved.status == 0, "\(line)\n\(resolved.stderr)")
        #expect(resolved.stdout.contains(Self.documentedURL), "\(resolved.stdout)")
        // Only Telltale: `traits: []` fetches none of the tool's packages.
        #expect(!resolved.stdout.contains("swift-nio"), "\(resolved.stdout)")
    }

    @Test func theDocumentedCloneCommandClonesWithoutATag() async throws {
        let work = try TelltaleProcess.temporaryDirectory("clone-line")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let environment = try await Self.publishedCopy(work)
        let guide = try String(contentsOfFile: "\(TelltaleProcess.repositoryRoot)/Docs/GettingStarted.md", encoding: .utf8)
        let command = try #require(guide.split(separator: "\n").first { $0.hasPrefix("git clone ") && $0.contains(Self.documentedURL) })
        var arguments = command.split(separator: " ").dropFirst().map(String.init)
        arguments[arguments.count - 1] = "\(work)/clone"
        try await Self.git(arguments, in: work, environment: environment)
        #expect(FileManager.default.isExecutableFile(atPath: "\(work)/clone/Scripts/install-telltale.sh"))
    }

    @Test func versionNamesTheCommitOrSaysItIsUnknown() async throws {
        let result = try await TelltaleProcess.run(["--version"])
        #expect(result.status == 0)
        // The tests' telltale is a plain `swift build`: only the install script records a commit.
        #expect(result.stdout.hasPrefix("0.1.0 (commit unknown: not built by Scripts/install-telltale.sh)"), "\(result.stdout)")
        let head = try await Self.git(["rev-parse", "HEAD"], in: TelltaleProcess.repositoryRoot).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let written = try await TelltaleProcess.runProcess(
            "\(TelltaleProcess.repositoryRoot)/Scripts/build-commit", [], in: TelltaleProcess.repositoryRoot)
        #expect(written.stdout.contains("static let commit: String? = \"\(head)"), "\(written.stdout)")
    }

    @Test func theReleaseScriptTagsOnlyAVersionTheChangelogDescribes() async throws {
        let work = try TelltaleProcess.temporaryDirectory("tag-release")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try await Self.git(["clone", "--quiet", TelltaleProcess.repositoryRoot, "\(work)/telltale"], in: work)
        let clone = "\(work)/telltale"
        let script = "\(clone)/Scripts/tag-release"
        let refused = try await TelltaleProcess.runProcess(script, [], in: clone)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("CHANGELOG.md has no section for 0.1.0"), "\(refused.stderr)")

        let changelog = try String(contentsOfFile: "\(clone)/CHANGELOG.md", encoding: .utf8)
        try changelog.replacingOccurrences(of: "## Unreleased", with: "## 0.1.0 - 2026-11-26")
            .write(toFile: "\(clone)/CHANGELOG.md", atomically: true, encoding: .utf8)
        let dirty = try await TelltaleProcess.runProcess(script, ["--check"], in: clone)
        #expect(dirty.status == 1 && dirty.stderr.contains("working tree has changes"), "\(dirty.stderr)")
        try await Self.git(["commit", "--quiet", "-am", "Release 0.1.0"], in: clone)
        let tagged = try await TelltaleProcess.runProcess(script, [], in: clone)
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(tagged.stdout.contains("git push origin v0.1.0"))
        let message = try await Self.git(["tag", "-l", "--format=%(contents)", "v0.1.0"], in: clone).stdout
        #expect(message.hasPrefix("Telltale 0.1.0\n"))
        #expect(message.contains("No result is dropped"), "\(message)")
        let again = try await TelltaleProcess.runProcess(script, [], in: clone)
        #expect(again.status == 1 && again.stderr.contains("v0.1.0 already exists"), "\(again.stderr)")
    }
}
