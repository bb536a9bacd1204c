import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

/// What a run is compared with (`BaselineRequest`): the base from `--base`, the CI's variables and
/// the rest, as git knows it in a repository made by the test; a `--baseline` file; what is said
/// when there is no baseline.
@Suite(.tags(.medium), .serialized)
struct BaselineRequestTests {
    /// A repository with `main` (one commit) and `feature` (one more), checked out on `feature`;
    /// its folder and main's commit.
    static let repository = Task<(String, String), any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("BaselineRequestTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func git(_ arguments: [String]) async throws -> String {
            let result = try await ChildProcesses.run("git", ["-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: folder)
            guard result.status == 0 else { throw GitFailed(description: "git \(arguments): \(result.stderrText)") }
            return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await git(["init", "-q"])
        _ = try await git(["symbolic-ref", "HEAD", "refs/heads/main"])
        try "a\n".write(toFile: "\(folder)/a.txt", atomically: true, encoding: .utf8)
        _ = try await git(["add", "-A"])
        _ = try await git(["commit", "-qm", "main"])
        let main = try await git(["rev-parse", "HEAD"])
        _ = try await git(["checkout", "-qb", "feature"])
        try "b\n".write(toFile: "\(folder)/a.txt", atomically: true, encoding: .utf8)
        _ = try await git(["commit", "-qam", "feature"])
        return (folder, main)
    }

    struct GitFailed: Error, CustomStringConvertible {
        var description: String
    }

    static func base(_ option: String?, coverageBase: String? = nil, environment: [String: String] = [:]) async throws -> BaselineRequest.Base? {
        let (folder, _) = try await repository.value
        return try await BaselineRequest.resolve(
            baseline: nil, base: option, coverageBase: coverageBase, failOn: nil, package: folder, environment: environment
        ).base
    }

    @Test func aBranchGitKnowsIsItsMergeBaseAndItsName() async throws {
        let (_, main) = try await Self.repository.value
        #expect(try await Self.base("main") == BaselineRequest.Base(commit: main, branch: "main", source: "--base main"))
        #expect(try await Self.base("refs/heads/main")?.branch == "main")
        // A commit: its own merge-base, no branch.
        #expect(try await Self.base(main) == BaselineRequest.Base(commit: main, branch: nil, source: "--base \(main)"))
        #expect(try await Self.base(nil, coverageBase: "main")?.source == "--coverage-base main")
        #expect(try await Self.base(nil) == nil, "no base named: none")
    }

    /// A shallow clone without the base (CI's usual checkout): the history is searched by the name.
    @Test func aRefGitDoesNotKnowIsABranchsName() async throws {
        #expect(try await Self.base("origin/release") == BaselineRequest.Base(commit: nil, branch: "release", source: "--base origin/release"))
        let github = try await Self.base(nil, environment: ["GITHUB_BASE_REF": "main"])
        #expect(github == BaselineRequest.Base(commit: nil, branch: "main", source: "GitHub's GITHUB_BASE_REF=main"), "no origin/main here")
        let gitlab = try await Self.base(
            nil, environment: ["CI_MERGE_REQUEST_DIFF_BASE_SHA": "abc123", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main"])
        #expect(gitlab?.commit == "abc123" && gitlab?.branch == "main")
        #expect(try await Self.base("main", environment: ["GITHUB_BASE_REF": "release"])?.branch == "main", "--base beats the CI's")
    }

    /// An unreadable `--baseline` names the file and says what to give (exit 2); a JUnit file is
    /// named by the base's branch.
    @Test func theBaselineFileIsReadBeforeAnythingRuns() async throws {
        let (folder, _) = try await Self.repository.value
        let missing = "\(folder)/no-such.xml"
        let error = await #expect(throws: BaselineRequest.BaselineError.self) {
            try await BaselineRequest.resolve(baseline: missing, base: nil, failOn: nil, package: folder, environment: [:])
        }
        #expect(
            error?.message.hasPrefix("--baseline \(missing): cannot read the file; give the base's run.json or JUnit XML file") == true,
            "\(String(describing: error))")
        let junit = "\(folder)/main.xml"
        try
            #"<testsuites><testsuite name="S"><testcase classname="ShopTests.ShopTests" name="testRefund" time="0.1"><failure message="x"/></testcase></testsuite></testsuites>"#
            .write(toFile: junit, atomically: true, encoding: .utf8)
        let request = try await BaselineRequest.resolve(baseline: junit, base: "main", failOn: .new, package: folder, environment: [:])
        #expect(request.file?.source.name == "main" && request.file?.source.kind == .file && request.file?.tests.count == 1)
        #expect(request.file?.matchesLoosely == true)
        try? FileManager.default.removeItem(atPath: junit)
    }

    static func record(_ tests: [TestResult]) -> RunRecord {
        RunRecord(
            tool: ToolInfo(version: "1"), plan: PlanSummary(name: "p", path: nil, package: "."),
            environment: RunEnvironment(host: "h", operatingSystem: "os"), startedAt: Date(timeIntervalSince1970: 100), duration: 1, tests: tests)
    }

    /// No baseline is a note, never an error: none named under `--fail-on new`, or no history to look in.
    @Test func noBaselineIsANote() async throws {
        let failing = TestResult(id: TestID("M.S/t"), framework: .xctest, outcome: .failed)
        var record = Self.record([failing])
        let unasked = await BaselineRequest().apply(to: &record, history: nil, subset: nil)
        #expect(unasked.isEmpty && record.comparison == nil, "nothing asked: nothing said, run.json as before")
        let lines = await BaselineRequest(failOn: .new).apply(to: &record, history: nil, subset: nil)
        #expect(lines.first?.hasPrefix("no baseline: no base to compare with (give --base BRANCH") == true, "\(lines)")
        #expect(record.failOn == .new && record.comparison?.baseline == nil && record.failed, "every failure counts")
        var other = Self.record([failing])
        let noHistory = await BaselineRequest(base: .init(commit: "abc", branch: "main", source: "--base main")).apply(
            to: &other, history: nil, subset: nil)
        #expect(noHistory == ["no baseline: no history to find the base's run in (--base main); give --baseline with the base's run.json or JUnit"])
        #expect(other.failOn == nil)
    }

    @Test func aFileBaselineIsComparedAndSaid() async throws {
        let source = BaselineSource(
            kind: .file, name: "main", chosenBy: "--baseline", startedAt: Date(timeIntervalSince1970: 0), path: "main.xml", tests: 2)
        let file = Baseline(
            source: source,
            tests: [
                BaselineTest(id: TestID("M.S/known"), outcome: .failed, duration: 0.1),
                BaselineTest(id: TestID("M.S/t"), outcome: .passed, duration: 0.1),
            ])
        var record = Self.record([
            TestResult(id: TestID("M.S/known"), framework: .xctest, outcome: .failed),
            TestResult(id: TestID("M.S/t"), framework: .xctest, outcome: .passed),
        ])
        let lines = await BaselineRequest(file: file, failOn: .new).apply(to: &record, history: nil, subset: nil)
        #expect(
            lines == [
                "baseline: main: main.xml from 1970-01-01 00:00 UTC (2 tests; --baseline)",
                "against main: no new failures; 1 already failing on main",
                "--fail-on new: 1 test already failing on main does not fail the run",
            ])
        #expect(!record.failed)
    }
}
