import Foundation
import TelltaleModel

/// A test plan: what to run, how, and where reports go.
///
/// Paths stay as written (relative to the plan file's folder), so a printed
/// plan reads like the one the user wrote; `resolvingPaths()` makes them usable.
package struct Plan: Sendable, Equatable {
    /// `version:`; once loaded, always `supportedVersion`: any other is a problem.
    package var version: Int
    /// `name:`, else the plan file's name without its extension (`Plans/smoke.yml` is `smoke`).
    package var name: String
    /// The Swift package to test (a folder with `Package.swift`), or under `xcode:` the Xcode
    /// project's folder; `.`, the plan's own folder, by default.
    package var package: String
    /// An Xcode `.xctestplan` whose selection, environment and arguments were
    /// imported into this plan when it was loaded.
    package var xctestplan: String?
    /// Regexes over test ids, as `swift test --filter`.
    package var filter: [String]
    /// Regexes over test ids, as `swift test --skip`.
    package var skip: [String]
    /// Swift Testing tags (`network`, or `.network`): only tests with one of them run.
    package var tags: [String] = []
    /// Swift Testing tags whose tests never run.
    package var skipTags: [String] = []
    /// Variables for every test process; an `.xctestplan`'s enabled entries join them, the
    /// plan's own values winning.
    package var environment: [String: String]
    /// Launch arguments, given to the tests as `TELLTALE_TEST_ARGUMENTS`.
    package var arguments: [String]
    /// How many more times a failing test runs; a suite's own `retries` wins.
    package var retries: Int
    /// Parallel test processes; nil leaves the choice to the orchestrator.
    package var workers: Int?
    /// Limits for every test (`test`) and for the whole run (`run`); a suite's own win.
    package var timeout: PlanTimeouts
    /// Named slices of the tests with settings of their own; a test belongs to the
    /// first suite that selects it.
    package var suites: [PlanSuite]
    /// Processes the tests need (a backend in test mode), in file order.
    package var services: [PlanService]
    /// Where the run's reports go (`reports.dir`).
    package var reports: PlanReports
    /// Capture settings: the tracking plan events are checked against.
    package var capture: PlanCapture
    /// What each test's analytics must show, in file order (see Docs/Verification.md).
    package var expectations: [TestExpectations]
    /// How each test is bracketed; nil lets the run choose (`process` when a service has a
    /// test mode or there are expectations, else `none`).
    package var lifecycle: PlanLifecycle?
    /// Where the run history is kept (`history:`); `.beside` the package by default.
    package var history: PlanHistory
    /// The longest one call to PostgreSQL (a shared history, a queue) may take before it is
    /// given up (`postgresTimeout:`, `--postgres-timeout`); nil: two minutes.
    package var postgresTimeout: Duration?
    /// Known-bad tests whose failures do not fail the run until their entry expires.
    package var quarantine: [QuarantineEntry]
    /// `strict: true` (or `--strict`): an expectation that selects no listed test is an error
    /// (exit 2, before anything runs) rather than a warning.
    package var strict: Bool = false
    /// `splitClasses: true` (or `--split-classes`): hand an XCTest class's tests out one by one, as
    /// `swift test --parallel` does, rather than each class whole in its order, as `swift test`
    /// and Xcode run it (`TestUnits`). For suites whose tests do not depend on their class's order.
    package var splitClasses: Bool = false
    /// Code coverage: off unless `coverage:` (or `--coverage`) turns it on.
    package var coverage = PlanCoverage()
    /// How `--changed` selects: by target unless `changed: { select: tests }`.
    package var changed = PlanChanged()
    /// New and changed tests run more times (`stress:`, `--stress-new`); off by default.
    package var stress = PlanStress()
    /// The order tests run in drawn from a seed (`shuffle:`, `--shuffle`); off by default.
    package var shuffle = PlanShuffle.off
    /// Which failures fail the run (`failOn:`, `--fail-on`): every one, or only those the change
    /// brought against its base (`new`).
    package var failOn = FailOn.any
    /// The Xcode scheme whose tests run under `xcodebuild`; nil for a Swift package's `swift test`.
    package var xcode: XcodeProject?
    /// The plan file this came from; nil for a default plan.
    package var sourcePath: String?

    package init(
        version: Int = Plan.supportedVersion,
        name: String,
        package: String = Plan.defaultPackage,
        xctestplan: String? = nil,
        filter: [String] = [],
        skip: [String] = [],
        environment: [String: String] = [:],
        arguments: [String] = [],
        retries: Int = 0,
        workers: Int? = nil,
        timeout: PlanTimeouts = PlanTimeouts(),
        suites: [PlanSuite] = [],
        services: [PlanService] = [],
        reports: PlanReports = PlanReports(),
        capture: PlanCapture = PlanCapture(),
        expectations: [TestExpectations] = [],
        lifecycle: PlanLifecycle? = nil,
        history: PlanHistory = .beside,
        quarantine: [QuarantineEntry] = [],
        sourcePath: String? = nil
    ) {
        self.version = version
        self.name = name
        self.package = package
        self.xctestplan = xctestplan
        self.filter = filter
        self.skip = skip
        self.environment = environment
        self.arguments = arguments
        self.retries = retries
        self.workers = workers
        self.timeout = timeout
        self.suites = suites
        self.services = services
        self.reports = reports
        self.capture = capture
        self.expectations = expectations
        self.lifecycle = lifecycle
        self.history = history
        self.quarantine = quarantine
        self.sourcePath = sourcePath
    }

    /// The only plan format version this Telltale reads.
    package static let supportedVersion = 1
    /// The plan file's folder, or the working directory for a plan without a file.
    package static let defaultPackage = "."

    /// The plan used when no plan file is given: run every test of `package`.
    package static func defaultPlan(package: String) -> Plan {
        Plan(name: directoryName(of: package), package: package)
    }

    /// A plan is named after its file: `Plans/smoke.yml` is `smoke`.
    static func nameFromFile(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// `.` names the working directory, so resolve it to get a useful name.
    static func directoryName(of path: String) -> String {
        let name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        return name.isEmpty || name == "/" ? "tests" : name
    }
}
