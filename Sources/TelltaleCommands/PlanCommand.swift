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

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem in a plan and its tracking plan, with file:line:column; exit 2 if there is any."
        )

        @Argument(help: "The plan file.")
        var plan: String

        func run() throws {
            let loaded: Plan
            do {
                loaded = try PlanLoader().loadChecked(path: plan).plan
            } catch {
                Console.diagnostics(error.errorDescription ?? "\(error)")
                throw ExitCode(TelltaleExitCode.usage)
            }
            let catalog = loaded.capture.catalog.map { ", tracking plan \($0)" } ?? ""
            print("\(plan): ok (plan '\(loaded.name)', package \(loaded.package)\(catalog))")
        }
    }

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a plan as normalised YAML, every default made explicit."
        )

        @Argument(help: "The plan file.")
        var plan: String

        func run() throws {
            let yaml = PlanPrinter.yaml(try PlanCommand.load(plan))
            print(yaml, terminator: yaml.hasSuffix("\n") ? "" : "\n")
        }
    }

    static func load(_ path: String) throws -> Plan {
        do {
            return try PlanLoader().load(path: path)
        } catch {
            Console.diagnostics(error.errorDescription ?? "\(error)")
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
