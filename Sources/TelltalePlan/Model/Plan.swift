import Foundation
import TelltaleModel

/// A test plan: what to run, how, and where reports go.
///
/// Paths stay as written (relative to the working directory), so a printed
/// plan reads like the one the user wrote.
public struct Plan: Sendable, Equatable {
    public var version: Int
    public var name: String
    public var package: String
    /// An Xcode `.xctestplan` whose selection, environment and arguments were
    /// imported into this plan when it was loaded.
    public var xctestplan: String?
    /// Regexes over test ids, as `swift test --filter`.
    public var filter: [String]
    /// Regexes over test ids, as `swift test --skip`.
    public var skip: [String]
    /// Swift Testing tags (`network`, or `.network`): only tests with one of them run.
    public var tags: [String] = []
    /// Swift Testing tags whose tests never run.
    public var skipTags: [String] = []
    public var environment: [String: String]
    public var arguments: [String]
    public var retries: Int
    /// Parallel test processes; nil leaves the choice to the orchestrator.
    public var workers: Int?
    /// Limits for every test (`test`) and for the whole run (`run`); a suite's own win.
    public var timeout: PlanTimeouts
    public var suites: [PlanSuite]
    /// Processes the tests need (a backend in test mode), in file order.
    public var services: [PlanService]
    public var reports: PlanReports
    /// Capture settings: the tracking plan events are checked against.
    public var capture: PlanCapture
    /// What each test's analytics must show, in file order (see Docs/Verification.md).
    public var expectations: [TestExpectations]
    /// How each test is bracketed; nil lets the run choose (`process` when a service has a
    /// test mode or there are expectations, else `none`).
    public var lifecycle: PlanLifecycle?
    /// Where the run history is kept (`history:`); `.beside` the package by default.
    public var history: PlanHistory
    /// The longest one call to PostgreSQL (a shared history, a queue) may take before it is
    /// given up (`postgresTimeout:`, `--postgres-timeout`); nil: two minutes.
    public var postgresTimeout: Duration?
    /// Known-bad tests whose failures do not fail the run until their entry expires.
    public var quarantine: [QuarantineEntry]
    /// `strict: true` (or `--strict`): an expectation that selects no listed test is an error
    /// (exit 2, before anything runs) rather than a warning.
    public var strict: Bool = false
    /// `splitClasses: true` (or `--split-classes`): hand an XCTest class's tests out one by one, as
    /// `swift test --parallel` does, rather than each class whole in its order, as `swift test`
    /// and Xcode run it (`TestUnits`). For suites whose tests do not depend on their class's order.
    public var splitClasses: Bool = false
    /// Code coverage: off unless `coverage:` (or `--coverage`) turns it on.
    public var coverage = PlanCoverage()
    /// How `--changed` selects: by target unless `changed: { select: tests }`.
    public var changed = PlanChanged()
    /// New and changed tests run more times (`stress:`, `--stress-new`); off by default.
    public var stress = PlanStress()
    /// The order tests run in drawn from a seed (`shuffle:`, `--shuffle`); off by default.
    public var shuffle = PlanShuffle.off
    /// Which failures fail the run (`failOn:`, `--fail-on`): every one, or only those the change
    /// brought against its base (`new`).
    public var failOn = FailOn.any
    /// The Xcode scheme whose tests run under `xcodebuild`; nil for a Swift package's `swift test`.
    public var xcode: XcodeProject?
    /// The plan file this came from; nil for a default plan.
    public var sourcePath: String?

    public init(
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
    public static let supportedVersion = 1
    public static let defaultPackage = "."

    /// The plan used when no plan file is given: run every test of `package`.
    public static func defaultPlan(package: String) -> Plan {
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
