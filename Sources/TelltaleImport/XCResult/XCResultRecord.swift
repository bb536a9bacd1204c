import Foundation
import TelltaleModel
import TelltaleRecord

/// The run record an import makes: the import's results and notes through the one record builder
/// (`RunRecordBuilder`: its quarantine applied, as to any run), dated by the summary, with the
/// devices as its environment.
package struct XCResultRecord: Sendable {
    /// What the command knows that the JSON does not.
    package struct Options: Sendable {
        package var toolVersion: String
        /// The package the tests belong to, relative to where the command ran; `.` by default.
        package var package: String
        /// Entries whose failures are recorded as quarantined, as in a run of Telltale's own.
        package var quarantine: [QuarantineEntry]
        package var gitCommit: String?
        package var gitBranch: String?
        /// When the run happened if the summary does not say: the tests file's own time.
        package var fallbackDate: Date

        package init(
            toolVersion: String, package: String = ".", quarantine: [QuarantineEntry] = [], gitCommit: String? = nil, gitBranch: String? = nil,
            fallbackDate: Date = Date()
        ) {
            self.toolVersion = toolVersion
            self.package = package
            self.quarantine = quarantine
            self.gitCommit = gitCommit
            self.gitBranch = gitBranch
            self.fallbackDate = fallbackDate
        }
    }

    /// The record for `files`: the results, the notes of the import and of the count check, then
    /// the notes on dates and destinations. `now` is the builder's `today` (quarantine expiry).
    package static func make(_ files: XCResultFiles, options: Options, now: Date = Date()) -> RunRecord {
        let reader = XCResultImport(tests: files.tests, summary: files.summary)
        let output = reader.read()
        var notes: [String] = []
        let summary = files.summary
        let startedAt = summary?.startTime.map { Date(timeIntervalSince1970: $0) }
        let duration = zip(summary?.startTime, summary?.finishTime).map { $1 - $0 }
        if summary != nil, startedAt == nil || duration == nil {
            notes.append("the summary JSON has no startTime or finishTime: the run is dated by its file, its duration is the tests' sum")
        }
        let devices = files.tests.devices
        if devices.isEmpty { notes.append("the tests JSON names no device: the record's environment is unknown") }
        let configurations = files.tests.testPlanConfigurations.map(\.configurationName)
        if configurations.count > 1 || devices.count > 1 {
            notes.append(
                "ran on \(devices.map(\.label).joined(separator: "; ")) with configurations \(configurations.joined(separator: ", ")): each test once per pair, named by it"
            )
        }
        let context = RecordContext(
            toolVersion: options.toolVersion,
            plan: PlanSummary(name: output.planName ?? summary?.title ?? "xcresult", path: files.source, package: options.package),
            environment: RunEnvironment(
                // The JSON names the devices tested on, not the Mac that ran xcodebuild.
                host: devices.isEmpty ? "unknown" : devices.map(\.deviceName).joined(separator: ", "),
                operatingSystem: devices.isEmpty ? "unknown" : devices.map(\.label).joined(separator: "; "),
                gitCommit: options.gitCommit, gitBranch: options.gitBranch
            ),
            startedAt: startedAt ?? options.fallbackDate,
            duration: duration ?? output.results.reduce(0) { $0 + $1.duration }, today: now)
        let raw = RawRun(results: output.results, notes: output.notes + reader.countNotes(output.counts))
        var record = RunRecordBuilder.build(raw, rules: RecordRules(quarantine: QuarantineList(options.quarantine)), context: context)
        record.notes += notes
        return record
    }
}

/// Both values, or nil.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
