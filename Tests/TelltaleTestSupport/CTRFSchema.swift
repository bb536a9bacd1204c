import Foundation
import Testing

/// Validates `ctrf.json` with PyPI's `jsonschema` (installed by Scripts/install-dependencies.sh)
/// against the Common Test Report Format's own schema, kept in the repository at
/// Docs/Schemas/ctrf.schema.json (draft 7, with its `format`s checked where jsonschema can).
public enum CTRFSchema {
    public static let schema = URL(fileURLWithPath: XMLLint.repositoryRoot)
        .appendingPathComponent("Docs/Schemas/ctrf.schema.json").path

    /// Status 0 and no output when the file is valid; 1 and one line per error (`path: message`).
    public static func validate(path: String) async throws -> (status: Int32, output: String) {
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
            errors = sorted(validator.iter_errors(document), key=lambda error: list(map(str, error.absolute_path)))
            for error in errors:
                print("/".join(map(str, error.absolute_path)) + ": " + error.message)
            sys.exit(1 if errors else 0)
            """
        try #require(FileManager.default.fileExists(atPath: schema), "schema not found at \(schema)")
        // python3 from PATH, where pip installed jsonschema.
        let result = try await ChildProcesses.run("python3", ["-c", script, schema, path])
        let output = result.stdoutText + result.stderrText
        try #require(
            !output.contains("No module named 'jsonschema'"), "jsonschema is missing: run Scripts/install-dependencies.sh"
        )
        return (result.status, output)
    }

    public static func validate(_ document: Data) async throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ctrf-\(UUID().uuidString).json")
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await validate(path: file.path)
    }
}
