import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run --changed` on `Tests/Fixtures/ChangedFixture` (Core ← Feature ← App, one test
/// target each), copied into a real git repository made by the test: each change selects
/// exactly the test targets that can see it.
@Suite(.tags(.large), .serialized)
struct ChangedRunTests {
    static let all: Set<String> = ["CoreTests", "FeatureTests", "AppTests"]

    /// A fresh repository holding the fixture, one commit.
    static func repository() async throws -> String {
        let folder = try TelltaleProcess.temporaryDirectory("ChangedRunTests")
        let package = "\(folder)/ChangedFixture"
        try FixtureSources.copy(FixtureRuns.package("ChangedFixture"), to: package)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "fixture"]] {
            let git = try await TelltaleProcess.runProcess("/usr/bin/env", ["git"] + arguments, in: package)
            try #require(git.status == 0, "git \(arguments): \(git.stderr)")
        }
        return package
    }

    /// The suite's repository for the tests that build and run it: the fixture, one commit, made
    /// once, so its `.build` and Telltale's worktree stay warm from test to test (each build from
    /// clean is the suite's costliest step). Each test starts from that commit with nothing
    /// changed, no remote, no hook and no reports: its tests run one at a time.
    static func sharedRepository() async throws -> String {
        let (package, base) = try await shared.value
        try await git(["reset", "-q", "--hard", base], in: package)
        try await git(["clean", "-fdq"], in: package)
        for remote in try await gitStatus(["remote"], in: package).stdout.split(separator: "\n") {
            try await git(["remote", "remove", String(remote)], in: package)
        }
        try? FileManager.default.removeItem(atPath: "\(package)/.git/hooks/pre-push")
        try? FileManager.default.removeItem(atPath: "\(package)/Reports")
        return package
    }

    /// The shared package's folder and its first commit.
    static let shared = Task<(String, String), any Error> {
        let package = try await repository()
        let base = try await gitStatus(["rev-parse", "HEAD"], in: package).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return (package, base)
    }

    static func git(_ arguments: [String], in package: String) async throws {
        let git = try await TelltaleProcess.runProcess(
            "/usr/bin/env", ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: package)
        try #require(git.status == 0, "git \(arguments): \(git.stderr)")
    }

    /// Runs with `--changed` and returns the exit status, the test targets that ran, and stderr.
    static func run(_ package: String, _ extra: [String] = []) async throws -> (Int32, Set<String>, String, RunRecord?) {
        let reports = "\(package)/Reports"
        let result = try await TelltaleProcess.run(["run", "--package", package, "--changed", "--explain", "--report-dir", reports] + extra)
        let record = try? RunRecordFile.read(path: "\(reports)/run.json")
        return (result.status, Set(record?.tests.map(\.id.module) ?? []), result.stderr, record)
    }

    static func touch(_ file: String, in package: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(package)/\(file)"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n// changed by ChangedRunTests\n".utf8))
        try handle.close()
    }

    /// The spelling most people try first: the parser takes `HEAD` for a plan. Exit 2, and the
    /// message says how to give the base.
    @Test func aRevisionWhereThePlanGoesSaysHowToGiveTheBase() async throws {
        let package = try await Self.repository()
        let result = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), ["run", "--changed", "HEAD", "--report-dir", "\(package)/Reports"], in: package)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--changed=HEAD"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(package)/Reports/run.json"), "nothing ran")
    }

    @Test func eachChangeRunsExactlyTheTestTargetsThatCanSeeIt() async throws {
        let package = try await Self.sharedRepository()
        let cases: [(file: String, expected: Set<String>)] = [
            ("Sources/Core/Core.swift", Self.all),
            ("Sources/Feature/Feature.swift", ["FeatureTests", "AppTests"]),
            ("Sources/App/App.swift", ["AppTests"]),
            ("Tests/CoreTests/CoreTests.swift", ["CoreTests"]),
            ("Package.swift", Self.all),
            ("README.md", Self.all),
        ]
        for (file, expected) in cases {
            try Self.touch(file, in: package)
            let (status, ran, stderr, record) = try await Self.run(package)
            #expect(status == 0, "\(file): \(stderr)")
            #expect(ran == expected, "\(file): ran \(ran.sorted())\n\(stderr)")
            #expect(record?.notes.first?.hasPrefix("changed since HEAD (no upstream branch): 1 file") == true, "\(record?.notes ?? [])")
            try await Self.git(["checkout", "--", "."], in: package)
        }
        // Both sides of a rename count, and a deleted file does too.
        try await Self.git(["mv", "Sources/App/App.swift", "Sources/App/Describe.swift"], in: package)
        let renamed = try await Self.run(package)
        #expect(renamed.0 == 0 && renamed.1 == ["AppTests"], "\(renamed.1.sorted()): \(renamed.2)")
        try await Self.git(["reset", "-q", "--hard"], in: package)
        try FileManager.default.removeItem(atPath: "\(package)/README.md")
        let deleted = try await Self.run(package)
        #expect(deleted.1 == Self.all && deleted.2.contains("every test runs: README.md changed and no target owns it"), "\(deleted.2)")
        try await Self.git(["checkout", "--", "."], in: package)

        // --explain says why, with the chain of dependencies.
        try Self.touch("Sources/Core/Core.swift", in: package)
        let (_, _, explained, _) = try await Self.run(package)
        #expect(explained.contains("AppTests: Sources/Core/Core.swift changed (Core ← Feature ← App ← AppTests)"), "\(explained)")
        try await Self.git(["checkout", "--", "."], in: package)

        // A committed change, against a named base; then no change at all.
        try Self.touch("Sources/Feature/Feature.swift", in: package)
        try await Self.git(["commit", "-qam", "feature"], in: package)
        let (status, ran, stderr, _) = try await Self.run(package, ["--base", "HEAD~1"])
        #expect(status == 0 && ran == ["FeatureTests", "AppTests"], "\(ran.sorted()): \(stderr)")
        let (nothingStatus, nothing, nothingSaid, nothingRecord) = try await Self.run(package)
        #expect(nothingStatus == 0 && nothing.isEmpty, "\(nothingSaid)")
        #expect(nothingSaid.contains("no test can be affected by this change"))
        #expect(nothingRecord?.notes.contains("no test can be affected by this change") == true)
        #expect(FileManager.default.fileExists(atPath: "\(package)/Reports/index.html"))
    }

    @Test func anUnknownBaseOrNoRepositoryIsAUsageError() async throws {
        let package = try await Self.repository()
        let (status, _, stderr, _) = try await Self.run(package, ["--base", "no-such-branch"])
        #expect(status == 2)
        #expect(stderr.contains("--changed no-such-branch: git knows no such commit, branch or tag"), "\(stderr)")
        try FileManager.default.removeItem(atPath: "\(package)/.git")
        let outside = try await Self.run(package)
        #expect(outside.0 == 2)
        #expect(outside.2.contains("is not in a git repository"), "\(outside.2)")
    }

    static func gitStatus(_ arguments: [String], in package: String) async throws -> TelltaleProcess.Result {
        try await TelltaleProcess.runProcess("/usr/bin/env", ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: package)
    }

    /// A push whose commits break a test is refused; `--no-verify` goes through; a fix goes through.
    @Test func thePrePushHookRefusesAPushThatBreaksATest() async throws {
        let package = try await Self.sharedRepository()
        let remote = package + "-remote.git"
        try await Self.git(["init", "-q", "--bare", remote], in: package)
        try await Self.git(["remote", "add", "origin", remote], in: package)
        try await Self.git(["push", "-q", "origin", "HEAD:refs/heads/main"], in: package)
        for _ in 1...2 {  // idempotent
            let install = try await TelltaleProcess.run(["hook", "install", "--package", "."], in: package)
            #expect(install.status == 0, "\(install.stderr)")
        }
        func remoteMain() async throws -> String {
            try await Self.gitStatus(["ls-remote", "origin", "refs/heads/main"], in: package).stdout
        }
        let before = try await remoteMain()

        let core = "\(package)/Sources/Core/Core.swift"
        try "public func double(_ value: Int) -> Int { value * 3 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        try await Self.git(["commit", "-qam", "break double"], in: package)
        let refused = try await Self.gitStatus(["push", "-q", "origin", "HEAD:refs/heads/main"], in: package)
        #expect(refused.status != 0, "the push went through: \(refused.stderr)")
        #expect(try await remoteMain() == before)
        let forced = try await Self.gitStatus(["push", "-q", "--no-verify", "origin", "HEAD:refs/heads/main"], in: package)
        #expect(forced.status == 0, "\(forced.stderr)")

        try "public func double(_ value: Int) -> Int { value * 2 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        try await Self.git(["commit", "-qam", "fix double"], in: package)
        let fixed = try await Self.gitStatus(["push", "-q", "origin", "HEAD:refs/heads/main"], in: package)
        #expect(fixed.status == 0, "\(fixed.stderr)")

        // What is pushed is tested, not the working tree: a commit that breaks a test, undone in
        // the working tree without a commit, is still refused; the user's Reports/ is untouched.
        try FileManager.default.createDirectory(atPath: "\(package)/Reports", withIntermediateDirectories: true)
        try "mine".write(toFile: "\(package)/Reports/note.txt", atomically: true, encoding: .utf8)
        try "public func double(_ value: Int) -> Int { value + value + 1 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        try await Self.git(["commit", "-qam", "break double again"], in: package)
        try "public func double(_ value: Int) -> Int { value * 2 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        let hidden = try await Self.gitStatus(["push", "origin", "HEAD:refs/heads/main"], in: package)
        #expect(hidden.status != 0, "a broken commit went through because the working tree was fixed: \(hidden.stderr)")
        #expect(hidden.stderr.contains("Telltale's worktree"), "\(hidden.stderr)")
        #expect(try String(contentsOfFile: "\(package)/Reports/note.txt", encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(package)/Reports") == ["note.txt"])
        try await Self.git(["commit", "-qam", "fix double again"], in: package)
        let clean = try await Self.gitStatus(["push", "origin", "HEAD:refs/heads/main"], in: package)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr.contains("in the working tree, which holds it exactly"), "\(clean.stderr)")

        let uninstall = try await TelltaleProcess.run(["hook", "uninstall"], in: package)
        #expect(uninstall.status == 0 && uninstall.stdout.hasPrefix("removed "), "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(package)/.git/hooks/pre-push"))
    }

    /// A push of a good commit, a broken one and its fix. The hook tests the tip of each pushed
    /// branch and says so: the push goes through. With `--each-commit` it tests the three, oldest
    /// first, and refuses the push at the broken one, naming it.
    @Test func eachCommitTestsEveryPushedCommitAndNamesTheOneThatFails() async throws {
        let package = try await Self.sharedRepository()
        for remote in ["tip", "each"] {
            try await Self.git(["init", "-q", "--bare", "\(package)-\(remote).git"], in: package)
            try await Self.git(["remote", "add", remote, "\(package)-\(remote).git"], in: package)
            try await Self.git(["push", "-q", remote, "HEAD:refs/heads/main"], in: package)
        }
        try Self.touch("Sources/App/App.swift", in: package)
        try await Self.git(["commit", "-qam", "describe more"], in: package)
        let core = "\(package)/Sources/Core/Core.swift"
        try "public func double(_ value: Int) -> Int { value * 3 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        try await Self.git(["commit", "-qam", "break double"], in: package)
        let broken = try await Self.gitStatus(["rev-parse", "HEAD"], in: package).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try "public func double(_ value: Int) -> Int { value * 2 }\n".write(toFile: core, atomically: true, encoding: .utf8)
        try await Self.git(["commit", "-qam", "fix double"], in: package)

        let tipOnly = try await TelltaleProcess.run(["hook", "install", "--package", "."], in: package)
        #expect(tipOnly.stdout.contains("it tests the tip of each pushed branch"), "\(tipOnly.stdout)")
        let tip = try await Self.gitStatus(["push", "tip", "HEAD:refs/heads/main"], in: package)
        #expect(tip.status == 0, "\(tip.stderr)")
        #expect(tip.stderr.contains("telltale: testing refs/heads/main at its tip "), "\(tip.stderr)")
        #expect(tip.stderr.contains("the pushed commits before it are not tested one by one"), "\(tip.stderr)")

        let install = try await TelltaleProcess.run(["hook", "install", "--package", ".", "--each-commit"], in: package)
        #expect(install.status == 0 && install.stdout.contains("it tests every pushed commit, oldest first"), "\(install.stdout)")
        let before = try await Self.gitStatus(["ls-remote", "each", "refs/heads/main"], in: package).stdout
        let each = try await Self.gitStatus(["push", "each", "HEAD:refs/heads/main"], in: package)
        #expect(each.status != 0, "the broken commit went through: \(each.stderr)")
        #expect(each.stderr.contains("telltale: testing refs/heads/main commit 1 of 3, "), "\(each.stderr)")
        #expect(each.stderr.contains("telltale: testing refs/heads/main commit 2 of 3, \(broken) (break double)"), "\(each.stderr)")
        #expect(
            each.stderr.contains(
                "telltale: \(broken) (break double) fails its tests, so the push is refused; the 1 pushed commit(s) after it were not tested"),
            "\(each.stderr)")
        #expect(!each.stderr.contains("commit 3 of 3"))
        #expect(try await Self.gitStatus(["ls-remote", "each", "refs/heads/main"], in: package).stdout == before)
    }

    @Test func aHookTelltaleDidNotWriteIsLeftAloneUnlessForced() async throws {
        let package = try await Self.repository()
        let hook = "\(package)/.git/hooks/pre-push"
        try "#!/bin/sh\nexit 0\n".write(toFile: hook, atomically: true, encoding: .utf8)
        let refused = try await TelltaleProcess.run(["hook", "install"], in: package)
        #expect(refused.status == 2 && refused.stderr.contains("Telltale did not write it"), "\(refused.stderr)")
        let removal = try await TelltaleProcess.run(["hook", "uninstall"], in: package)
        #expect(removal.status == 2)
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == "#!/bin/sh\nexit 0\n")
        let forced = try await TelltaleProcess.run(["hook", "install", "--force"], in: package)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: hook, encoding: .utf8).contains("# telltale pre-push hook"))
    }
}
