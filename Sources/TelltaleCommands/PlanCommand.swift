import ArgumentParser
import Foundation
import TelltaleOrchestrator
import TelltalePlan

/// `telltale plan validate|print|generate-swift PLAN`.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Check or normalise a test plan, or generate typed Swift from its tracking plan.",
        subcommands: [Validate.self, Print.self, GenerateSwift.self]
    )

    /// `telltale plan validate [PLAN]`: every problem of the plan and its tracking plan at once
    /// (`PlanLoader.loadChecked`), so one edit fixes them all.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem in a plan and its tracking plan, with file:line:column; exit 2 if there is any."
        )

        @Argument(help: "The plan file (default: telltale.yml or .telltale.yml beside Package.swift).")
        var plan: String?

        func run() throws {
            let plan = try PlanCommand.named(plan)
            let checked: PlanLoader.Checked
            do {
                checked = try PlanLoader().loadChecked(path: plan)
            } catch {
                Console.diagnostics(error.errorDescription ?? "\(error)")
                throw ExitCode(TelltaleExitCode.usage)
            }
            // Warnings are printed but do not fail the plan: still exit 0.
            for warning in checked.warnings { Console.diagnostics(warning.description) }
            let loaded = checked.plan
            let catalog = loaded.capture.catalog.map { ", tracking plan \($0)" } ?? ""
            print("\(plan): ok (plan '\(loaded.name)', package \(loaded.package)\(catalog))")
        }
    }

    /// `telltale plan print [PLAN]`: the plan as `PlanPrinter` writes it, on stdout.
    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a plan as normalised YAML, every default made explicit."
        )

        @Argument(help: "The plan file (default: telltale.yml or .telltale.yml beside Package.swift).")
        var plan: String?

        func run() throws {
            // Not `resolvingPaths()`: the plan's paths are printed as written.
            let yaml = PlanPrinter.yaml(try PlanCommand.load(try PlanCommand.named(plan)))
            // Exactly one newline at the end, whatever the printer ends with.
            print(yaml, terminator: yaml.hasSuffix("\n") ? "" : "\n")
        }
    }

    /// The plan named, else the one beside `Package.swift` in the working directory (said on
    /// stderr); with neither, exit 2 naming what was looked for and the plans under `Plans/`.
    static func named(_ plan: String?) throws -> String {
        if let plan { return plan }
        let discovery = PlanDiscovery.find(package: Plan.defaultPackage)
        if let found = discovery.plan {
            Console.diagnostics(discovery.note ?? "plan: \(found)")
            return found
        }
        let candidates = discovery.candidates.isEmpty ? "" : "; plans under Plans/: \(discovery.candidates.joined(separator: ", "))"
        Console.error("no plan named and no \(PlanDiscovery.fileNames.joined(separator: " or ")) here\(candidates)")
        throw ExitCode(TelltaleExitCode.usage)
    }

    /// The plan, or exit 2 with its problems as `file:line:column: error: …` lines.
    static func load(_ path: String) throws -> Plan {
        do {
            return try PlanLoader().load(path: path)
        } catch {
            Console.diagnostics(error.errorDescription ?? "\(error)")
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
