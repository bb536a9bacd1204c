import Foundation
import TelltaleTestSupport
import Testing

/// The GitHub workflows under `.github/workflows/` (the project's CI and the example users copy)
/// and the GitLab pipeline in `Docs/.gitlab-ci.yml` keep to the schemas those services publish,
/// as `check-jsonschema` (PyPI, installed by Scripts/install-dependencies.sh) ships them: its
/// built-in copies of SchemaStore's schemas, so the check needs no network.
@Suite(.tags(.medium))
struct PipelineSchemaTests {
    static let root = TelltaleProcess.repositoryRoot

    @Test func everyWorkflowAndTheGitLabPipelineKeepTheirSchemas() async throws {
        let folder = "\(Self.root)/.github/workflows"
        let workflows = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
        #expect(workflows.contains("ci.yml") && workflows.contains("example.yml"), "\(workflows)")
        for workflow in workflows {
            let check = try await Self.check("\(folder)/\(workflow)", schema: "vendor.github-workflows")
            #expect(check.status == 0, "\(workflow): \(check.output)")
        }
        let pipeline = try await Self.check("\(Self.root)/Docs/.gitlab-ci.yml", schema: "vendor.gitlab-ci")
        #expect(pipeline.status == 0, "Docs/.gitlab-ci.yml: \(pipeline.output)")
    }

    /// What happened to example.yml once: its header lost, the jobs left at the top.
    @Test func aWorkflowWithoutItsEventsFails() async throws {
        let source = try String(contentsOfFile: "\(Self.root)/.github/workflows/example.yml", encoding: .utf8)
        var lines = source.components(separatedBy: "\n")
        let on = try #require(lines.firstIndex(of: "on:"), "example.yml has no top-level `on:`")
        // The key and its indented body (and blank lines), up to the next top-level key.
        var end = on + 1
        while end < lines.count, lines[end].isEmpty || lines[end].hasPrefix(" ") { end += 1 }
        lines.removeSubrange(on..<end)
        let folder = try TelltaleProcess.temporaryDirectory("pipeline-schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = "\(folder)/example.yml"
        try lines.joined(separator: "\n").write(toFile: copy, atomically: true, encoding: .utf8)
        let check = try await Self.check(copy, schema: "vendor.github-workflows")
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("'on' is a required property"), "\(check.output)")
    }

    @Test func aGitLabJobWithoutAScriptFails() async throws {
        let source = try String(contentsOfFile: "\(Self.root)/Docs/.gitlab-ci.yml", encoding: .utf8)
        let folder = try TelltaleProcess.temporaryDirectory("pipeline-schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = "\(folder)/.gitlab-ci.yml"
        try (source + "\nbroken:\n  stage: test\n  scripts: [echo]\n").write(toFile: copy, atomically: true, encoding: .utf8)
        let check = try await Self.check(copy, schema: "vendor.gitlab-ci")
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("broken"), "\(check.output)")
    }

    /// `check-jsonschema --builtin-schema NAME FILE`, through the python3 pip installed it for.
    static func check(_ file: String, schema: String) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcesses.run("python3", ["-m", "check_jsonschema", "--builtin-schema", schema, file])
        let output = result.stdoutText + result.stderrText
        try #require(
            !output.contains("No module named check_jsonschema"),
            "check-jsonschema is missing: run Scripts/install-dependencies.sh"
        )
        return (result.status, output)
    }
}
