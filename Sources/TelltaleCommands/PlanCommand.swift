import ArgumentParser
import Foundation
import TelltaleOrchestrator
import TelltalePlan

/// `telltale plan validate|print PLAN`.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Check or normalise a test plan.",
        subcommands: [Validate.self, Print.self]
    )

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem in a plan and its tracking plan, with file:line:column; exit 2 if there is any."
        )

        @Argument(help: "The plan file.")
        var plan: String

        func run() throws {
            let loaded = try PlanCommand.load(plan)
            try PlanCommand.checkCatalog(of: loaded)
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

    /// Loads the tracking plan the plan names (`capture.catalog`) and checks the expected
    /// events against it: a misspelt event name would otherwise only show as a failing test.
    static func checkCatalog(of plan: Plan) throws {
        guard let path = plan.capture.catalog else { return }
        let loader = CatalogLoader()
        do throws(PlanError) {
            let catalog = try loader.load(path: path, reference: plan.capture.catalogLocation)
            let problems = loader.problems(in: plan.expectations, against: catalog)
            guard problems.isEmpty else { throw PlanError(problems: problems) }
        } catch {
            Console.diagnostics(error.errorDescription ?? "\(error)")
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
