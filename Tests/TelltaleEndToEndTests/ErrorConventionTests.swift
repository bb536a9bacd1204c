import Foundation
import TelltaleTestSupport
import Testing

/// Docs/Architecture.md's convention for errors, checked against the sources: every error type
/// Telltale declares is a `LocalizedError` (what `localizedDescription` says is its own message,
/// never Foundation's "The operation could not be completed"), with a name of its own, so a
/// `catch` or a `throws(…)` says which error it means (ten of them were once all `Failure`).
@Suite(.tags(.small))
struct ErrorConventionTests {
    struct Declaration: Hashable, CustomStringConvertible {
        var name: String
        var file: String
        var inheritance: String
        var description: String { "\(name) (\(file))" }
    }

    /// Each `struct|enum|class|actor Name…: …` whose inheritance clause names `Error`, and each
    /// `extension Name: …Error…`, of the Swift files under `folder`.
    static func errorDeclarations(under folder: String) throws -> (types: [Declaration], extensions: [String: String]) {
        let declaration = try Regex(#"\b(?:struct|enum|class|actor)\s+([A-Z][A-Za-z0-9_]*)(?:<[^>{]*>)?\s*:\s*([^{]*)\{"#)
        let extensionClause = try Regex(#"\bextension\s+([A-Z][A-Za-z0-9_.]*)\s*:\s*([^{]*)\{"#)
        var types: [Declaration] = []
        var extensions: [String: String] = [:]
        guard let files = FileManager.default.enumerator(atPath: folder) else { return ([], [:]) }
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for match in text.matches(of: declaration) {
                guard let name = match.output[1].substring, let clause = match.output[2].substring else { continue }
                let conformances = clause.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard conformances.contains("Error") || conformances.contains("LocalizedError") else { continue }
                types.append(Declaration(name: String(name), file: file, inheritance: String(clause)))
            }
            for match in text.matches(of: extensionClause) {
                guard let name = match.output[1].substring, let clause = match.output[2].substring else { continue }
                let last = String(name.split(separator: ".").last!)
                extensions[last, default: ""] += ", " + clause
            }
        }
        return (types, extensions)
    }

    @Test func everyErrorTypeIsALocalizedErrorWithANameOfItsOwn() throws {
        let (types, extensions) = try Self.errorDeclarations(under: "\(TelltaleProcess.repositoryRoot)/Sources")
        #expect(types.count > 30, "the scan found \(types.count) error types: is the pattern still right?")
        let notLocalized = types.filter { type in
            !type.inheritance.contains("LocalizedError") && !(extensions[type.name] ?? "").contains("LocalizedError")
        }
        #expect(notLocalized.isEmpty, "not a LocalizedError: \(notLocalized)")
        let generic: Set<String> = ["Failure", "Error", "Problem", "Warning", "Missing", "LoadError", "FormatError"]
        let vague = types.filter { generic.contains($0.name) }
        #expect(vague.isEmpty, "error types named for no error in particular: \(vague)")
        let byName = Dictionary(grouping: types, by: \.name).filter { $0.value.count > 1 }
        #expect(byName.isEmpty, "error types sharing a name: \(byName.values.flatMap { $0 })")
    }
}
