import Foundation
import TelltaleJSONSchema
import TelltaleTestSupport
import Testing

/// The JSON Schema validator against the reference, Python's `jsonschema`: for every keyword
/// family, 50 generated schemas (draft-07 and 2020-12 by turns) with 24 values each, and both
/// must give the same verdict on every one of the 1,200.
@Suite(.tags(.medium)) struct JSONSchemaAgreementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static let families = [
        "types", "required", "enum-const", "pattern", "format", "number-bounds", "length-bounds", "additional-properties", "nested",
        "references", "composition",
    ]

    static func make(_ family: String) -> (inout SchemaCases) -> (JSONValue, [String: JSONValue], [JSONValue]) {
        switch family {
        case "types": { $0.types() }
        case "required": { $0.required() }
        case "enum-const": { $0.enumAndConst() }
        case "pattern": { $0.pattern() }
        case "format": { $0.format() }
        case "number-bounds": { $0.numberBounds() }
        case "length-bounds": { $0.lengthBounds() }
        case "additional-properties": { $0.additionalProperties() }
        case "nested": { $0.nested() }
        case "references": { $0.references() }
        default: { $0.composition() }
        }
    }

    @Test(arguments: families)
    func verdictsAgreeWithPythonsJSONSchema(family: String) async throws {
        let seed = UInt64(Self.families.firstIndex(of: family)! + 1)
        let cases = SchemaCases.cases(family: family, seed: seed, make: Self.make(family))
        #expect(cases.map(\.instances.count).reduce(0, +) >= 1_000)
        let root = NSTemporaryDirectory() + "telltale-jsonschema-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for schemaCase in cases { try write(schemaCase, under: root) }

        let python = try await ChildProcesses.run("python3", ["\(Self.fixtures)/jsonschema_verdicts.py", root])
        try #require(python.status == 0, "jsonschema_verdicts.py failed: \(python.stderrText)")
        let reference = try JSONDecoder().decode([String: [Bool]].self, from: python.stdout)

        var disagreements: [String] = []
        var valid = 0
        for schemaCase in cases {
            let (validator, problems) = try validator(for: schemaCase, under: root)
            #expect(problems.isEmpty, "\(schemaCase.folder): \(problems)")
            let expected = try #require(reference[schemaCase.folder])
            for (offset, instance) in schemaCase.instances.enumerated() {
                let violations = validator.violations(of: instance)
                if violations.isEmpty { valid += 1 }
                if violations.isEmpty != expected[offset] {
                    disagreements.append(
                        "\(schemaCase.folder) #\(offset): jsonschema says \(expected[offset] ? "valid" : "invalid"), Telltale \(violations)\n"
                            + "  instance: \(instance.jsonText())\n  schema: \(schemaCase.files["schema.json"]!.jsonText())")
                }
            }
        }
        #expect(disagreements.count == 0, "disagreements, the first 10:\n\(disagreements.prefix(10).joined(separator: "\n"))")
        // Both verdicts are well represented, so agreement is no accident of a one-sided sample.
        let total = cases.map(\.instances.count).reduce(0, +)
        #expect(valid > total / 10 && valid < total * 9 / 10, "\(valid) of \(total) valid")
    }

    private func write(_ schemaCase: SchemaCase, under root: String) throws {
        let folder = "\(root)/\(schemaCase.folder)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, document) in schemaCase.files {
            try document.jsonText(.pretty).write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        try JSONValue.array(schemaCase.instances).jsonText().write(toFile: "\(folder)/instances.json", atomically: true, encoding: .utf8)
    }

    /// The case's schema as Telltale loads it: every file read back from disk, by its file URI.
    private func validator(for schemaCase: SchemaCase, under root: String) throws -> (JSONSchemaValidator, [LocatedProblem]) {
        var library = JSONSchemaLibrary()
        for name in schemaCase.files.keys.sorted() {
            let path = "\(root)/\(schemaCase.folder)/\(name)"
            library.add(
                try JSONSchemaDocument(
                    json: String(contentsOfFile: path, encoding: .utf8), uri: URL(fileURLWithPath: path).absoluteString, file: path))
        }
        let uri = URL(fileURLWithPath: "\(root)/\(schemaCase.folder)/schema.json").absoluteString
        let read = library.schema(in: uri)
        let schema = try #require(read)
        return (try JSONSchemaValidator(schema, definitions: library.definitions), library.problems)
    }
}
