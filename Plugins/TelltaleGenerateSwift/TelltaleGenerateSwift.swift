import Foundation
import PackagePlugin

/// Generates typed Swift from a tracking plan when the target builds, as
/// swift-openapi-generator's plugin does from an OpenAPI document.
///
/// The target's folder holds `telltale-codegen.json`:
/// `{"catalog": "../../Plans/events.yml", "kind": "events" | "expectations", "imports": ["App"], "access": "public" | "internal"}`
/// (`catalog` relative to that file; `kind` defaults to `events`). The configuration and every
/// file of the tracking plan are the command's inputs, so changing the plan regenerates.
@main
struct TelltaleGenerateSwift: BuildToolPlugin {
    static let configurationName = "telltale-codegen.json"

    struct Configuration: Decodable {
        var catalog: String
        var kind: String?
        var imports: [String]?
        var access: String?
    }

    struct ConfigurationProblem: Error, CustomStringConvertible {
        var description: String
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configurationURL = target.directoryURL.appending(path: Self.configurationName)
        guard let data = FileManager.default.contents(atPath: configurationURL.path) else {
            throw ConfigurationProblem(
                description: "\(configurationURL.path): error: TelltaleGenerateSwift needs this file, naming the tracking plan: "
                    + #"{"catalog": "../../Plans/events.yml"}"#)
        }
        let configuration: Configuration
        do {
            configuration = try JSONDecoder().decode(Configuration.self, from: data)
        } catch {
            throw ConfigurationProblem(
                description: "\(configurationURL.path): error: expected {\"catalog\", \"kind\"?, \"imports\"?, \"access\"?}: \(error)")
        }
        let expectations = configuration.kind == "expectations"
        guard configuration.kind == nil || expectations || configuration.kind == "events" else {
            throw ConfigurationProblem(description: "\(configurationURL.path): error: kind is \"events\" or \"expectations\"")
        }
        let catalog = configurationURL.deletingLastPathComponent().appending(path: configuration.catalog).standardizedFileURL
        let output = context.pluginWorkDirectoryURL.appending(path: expectations ? "TelltaleExpectations.swift" : "TelltaleEvents.swift")
        var arguments = [catalog.path, "--out", output.path, "--source", configuration.catalog]
        if expectations { arguments.append("--expectations") }
        for module in configuration.imports ?? [] { arguments += ["--import", module] }
        if let access = configuration.access { arguments += ["--access", access] }
        return [
            .buildCommand(
                displayName: "Generating Swift from \(configuration.catalog)",
                executable: try context.tool(named: "telltale-generate-swift").url,
                arguments: arguments,
                inputFiles: [configurationURL] + Self.files(at: catalog),
                outputFiles: [output]
            )
        ]
    }

    /// The tracking plan's files: itself, or every file under its folder.
    static func files(at url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }
}
