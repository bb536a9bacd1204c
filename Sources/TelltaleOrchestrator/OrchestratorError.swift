import Foundation
import TelltalePlan
import TelltaleRunner
import TelltaleServices

/// Why a run could not produce test results, with the exit status it maps to.
package enum OrchestratorError: Error, LocalizedError, Sendable {
    /// The plan (or the options that override it) is wrong: exit 2.
    case badPlan(PlanError)
    /// A `--filter` or `--skip` given on the command line is not a valid regex: exit 2.
    case badOption(String)
    /// The package to test has no `Package.swift` (no plan and no `--package` in a folder
    /// that is not a package, or a wrong path): exit 2, before anything is built.
    case noPackage(path: String, fromPlan: Bool)
    /// Nothing matched the filters, so nothing would run: exit 2.
    case noTestsSelected(listed: Int, filters: [String])
    /// Build, listing or process start failed: exit 3.
    case infrastructure(RunnerError)
    /// Reports could not be written: exit 3.
    case reportsUnwritable(path: String, reason: String)
    /// A service failed its guards, its build or its start, before any test ran: exit 3.
    case service(ServiceError)
    /// A service failed while tests ran (it crashed under `onCrash: stop`, or could not restart);
    /// the reports of the tests that finished were written: exit 3.
    case stoppedByService(ServiceError, RunSummary)
    /// SIGINT or SIGTERM arrived; the reports of the tests that finished were written: exit 130.
    case interrupted(RunSummary)
    /// The tests ran and were reported, but coverage could not be measured (a tool failed, or
    /// the test binary wrote no profile): exit 3.
    case coverageFailed(String, RunSummary)

    package var exitCode: TelltaleExitCode {
        switch self {
        case .badPlan, .badOption, .noPackage, .noTestsSelected: .usage
        case .infrastructure, .reportsUnwritable, .service, .stoppedByService, .coverageFailed: .infrastructure
        case .interrupted: .interrupted
        }
    }

    package var errorDescription: String? {
        switch self {
        case .badPlan(let error): error.errorDescription
        case .badOption(let message): message
        case .noPackage(let path, let fromPlan):
            fromPlan
                ? "the plan's package \(path) has no Package.swift: set `package:` to the Swift package to test, or give --package DIR"
                : "no Swift package in \(path == "." ? "this folder" : path) (no Package.swift): give a plan (telltale run PLAN.yml) or --package DIR"
        case .noTestsSelected(let listed, let filters):
            if listed == 0 {
                "the package has no tests: swift test lists none (add a test target, or check --package)"
            } else {
                "none of the package's \(listed) tests matches the selection (\(filters.joined(separator: ", "))); `swift test list` shows the ids filters match against"
            }
        case .infrastructure(let error): error.errorDescription
        case .reportsUnwritable(let path, let reason): "cannot write reports to \(path): \(reason)"
        case .service(let error): error.errorDescription
        case .stoppedByService(let error, let summary):
            "\(error.errorDescription ?? "\(error)")\nthe run stopped; reports of the \(summary.record.tests.count) tests that finished are in \(summary.reportDirectory)"
        case .interrupted(let summary):
            "interrupted: reports of the \(summary.record.tests.count) tests that finished are in \(summary.reportDirectory)"
        case .coverageFailed(let reason, let summary):
            "coverage could not be measured: \(reason)\nthe tests' reports are in \(summary.reportDirectory)"
        }
    }
}
