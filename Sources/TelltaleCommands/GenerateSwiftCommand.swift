import ArgumentParser
import Foundation
import TelltaleCodegen
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan

/// `--access public|internal`, parsed from the raw values.
extension SwiftCodeGenerator.Access: ExpressibleByArgument {}

extension PlanCommand {
    /// `telltale plan generate-swift PLAN --out FILE`: see Docs/Codegen.md.
    struct GenerateSwift: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate-swift",
            abstract: "Write typed Swift for the tracking plan's events (TrackedEvent structs, or ExpectedEvent functions for tests).",
            discussion: "PLAN is a plan (its capture.catalog is read) or a tracking plan. The file is rewritten only when its text changes."
        )

        @Argument(help: "The plan, or the tracking plan itself (YAML catalog, folder of JSON Schemas, Iglu folder).")
        var plan: String

        @Option(help: "The Swift file to write.")
        var out: String

        @Flag(help: "Write the test target's ExpectedEvent functions (TelltaleTesting) instead of the events.")
        var expectations = false

        @Option(name: .customLong("import"), help: "A module to import, such as the app module holding the events (repeatable).")
        var imports: [String] = []

        @Option(help: "The generated declarations' access level: public or internal.")
        var access: SwiftCodeGenerator.Access = .public

        func run() throws {
            let loaded: (catalog: EventCatalog, path: String)
            do {
                // A plan is read for its `capture.catalog`, a tracking plan as it is; `loaded.path` is the
                // tracking plan's either way, for the header and the message.
                loaded = try CatalogLoader().loadForGeneration(path: plan)
            } catch {
                Console.diagnostics(error.errorDescription ?? "\(error)")
                throw ExitCode(TelltaleExitCode.usage)
            }
            // The header names the tracking plan relative to the output, the same on every checkout.
            let generator = SwiftCodeGenerator(
                access: access, source: GeneratedFile.relativePath(of: loaded.path, from: out), imports: imports)
            // Expectations refer to the event types, which `--import` brings in (the app's module).
            let text = expectations ? generator.expectations(loaded.catalog) : generator.events(loaded.catalog)
            do {
                // False when the file already held this text: it is left untouched, so nothing recompiles.
                let wrote = try GeneratedFile.write(text, to: out)
                let count = loaded.catalog.events.count
                print("\(out): \(wrote ? "wrote" : "unchanged,") \(count) event\(count == 1 ? "" : "s") from \(loaded.path)")
            } catch {
                // Exit 2 here too, as for a bad plan.
                Console.diagnostics("error: cannot write \(out): \(error.localizedDescription)")
                throw ExitCode(TelltaleExitCode.usage)
            }
        }
    }
}
