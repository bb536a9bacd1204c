import Foundation
import TelltaleChanges
import TelltaleCoverage
import TelltaleModel
import TelltalePlan
import TelltaleReports
import TelltaleRunner

/// Code coverage around one run (`--coverage`, a plan's `coverage:`): found and checked before
/// anything starts, built in and handed to every test process during it, and after the tests
/// merged, exported and summarised once, into `coverage.json` and `run.json`'s `coverage`.
struct RunCoverage: Sendable {
    var collector: CoverageCollector
    var settings: PlanCoverage
    /// The package as the plan names it, and its folder, absolute.
    var package: String
    var root: String
    var reports: ReportDirectory
    /// Telltale did not build the binary, so it may lack what continuous profiles need.
    var skipBuild: Bool
    var repositoryPrefix: String?
    /// The diff base and the lines changed since it; nil without a base.
    var change: (base: String, lines: [String: [LineRange]])?
    /// What preparing found worth saying (a CI base without a merge-base).
    var notes: [String] = []
    /// Record what each test executed (`--coverage-map`): each test then runs alone, with its own profiles.
    var recordsMap = false

    /// Each test's own `LLVM_PROFILE_FILE` in a map run; nil otherwise.
    func profileFiles(for tests: [ListedTest]) -> [TestID: String]? {
        guard recordsMap else { return nil }
        return Dictionary(
            tests.map { test in
                (
                    test.id,
                    CoverageMapRecorder.profilePattern(directory: collector.profileDirectory, key: Self.mapKey(test.id), continuous: !skipBuild)
                )
            }
        ) { first, _ in first }
    }

    /// A test's profile-name prefix: its id's digest (ids hold characters no file name should).
    static func mapKey(_ id: TestID) -> String {
        "t" + SourceDigest.of(Data(id.rawValue.utf8))
    }

    /// How the run's test binary is built and found: in a build folder of its own, with the
    /// coverage flags (`CoverageBuild`); under `--skip-build`, the package's own build as it is.
    var builder: PackageBuilder {
        guard !skipBuild else { return PackageBuilder(packagePath: package) }
        return PackageBuilder(
            packagePath: package, scratchPath: CoverageBuild.scratchPath(package: package), coverageArguments: CoverageBuild.buildArguments)
    }

    /// Before the build: the coverage build's folder holds only objects built with its flags.
    /// Returns a note when an earlier one was cleared.
    func prepareBuildFolder() throws(OrchestratorError) -> String? {
        guard let scratch = builder.scratchPath else { return nil }
        do {
            return try CoverageBuild.prepareScratch(scratch)
        } catch {
            throw .reportsUnwritable(path: scratch, reason: "cannot prepare the coverage build's folder: \(error.localizedDescription)")
        }
    }

    /// `LLVM_PROFILE_FILE` of every test process.
    var profileFile: String { CoverageBuild.profilePattern(directory: collector.profileDirectory, continuous: !skipBuild) }

    /// Each test process that ran a result's attempt (its placement's id, `ProfileFileName`), with
    /// the tests it ran: each must have left a profile.
    static func processes(of results: [TestResult]) -> [String: [String]] {
        var processes: [String: [String]] = [:]
        for result in results {
            for attempt in result.allAttempts {
                guard let process = attempt.placement?.process else { continue }
                if processes[process]?.last != result.id.rawValue { processes[process, default: []].append(result.id.rawValue) }
            }
        }
        return processes
    }

    /// Nil when the run measures no coverage. Missing tools, or a `--coverage-base` git does not
    /// know, are usage errors (exit 2) before anything is built.
    static func prepare(
        plan: Plan, settings: RunSettings, options: RunOptions, reports: ReportDirectory,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(OrchestratorError) -> RunCoverage? {
        guard settings.coverage else { return nil }
        let tools: CoverageTools
        do {
            tools = try await CoverageTools.locate(environment: environment)
        } catch {
            throw .badOption(error.description)
        }
        let prefix = await GitCommand.run(["rev-parse", "--show-prefix"], in: plan.package)
        let root = URL(fileURLWithPath: plan.package).standardizedFileURL.path
        var coverage = RunCoverage(
            collector: CoverageCollector(tools: tools, profileDirectory: reports.coverageProfilesPath, packageRoot: root), settings: plan.coverage,
            package: plan.package, root: root, reports: reports,
            skipBuild: options.skipBuild,
            repositoryPrefix: prefix.succeeded ? String((prefix.first ?? "").trimmingCharacters(in: ["/"])) : nil
        )
        coverage.recordsMap = settings.coverageMap
        if coverage.recordsMap, coverage.repositoryPrefix == nil {
            throw .badOption("--coverage-map: \(plan.package) is not in a git repository; a coverage map is read against git's history")
        }
        if let choice = baseChoice(options: options, environment: environment) {
            try await coverage.loadChange(since: choice)
        }
        do {
            try coverage.collector.prepare()
        } catch {
            throw .reportsUnwritable(path: reports.coverageProfilesPath, reason: error.localizedDescription)
        }
        return coverage
    }

    /// Where diff coverage compares from: `--coverage-base`, else `--changed`'s base, else a CI
    /// merge request's (GitHub's `GITHUB_BASE_REF`, GitLab's `CI_MERGE_REQUEST_DIFF_BASE_SHA`).
    static func baseChoice(options: RunOptions, environment: [String: String]) -> (base: ChangeBase, option: String?)? {
        if let named = options.coverageBase { return (.named(named), "--coverage-base") }
        if let changed = options.changed { return (changed, "--changed") }
        if let sha = environment["CI_MERGE_REQUEST_DIFF_BASE_SHA"], !sha.isEmpty { return (.named(sha), nil) }
        if let branch = environment["GITHUB_BASE_REF"], !branch.isEmpty { return (.named("origin/\(branch)"), nil) }
        return nil
    }

    /// The change's lines since `choice`'s merge-base. A base given by an option must work (exit 2);
    /// one a CI variable names only gets a note when it does not (a shallow clone has no merge-base).
    private mutating func loadChange(since choice: (base: ChangeBase, option: String?)) async throws(OrchestratorError) {
        let source = choice.option ?? "the CI's merge request"
        guard repositoryPrefix != nil else {
            if let option = choice.option { throw .badOption("\(option): \(package) is not in a git repository, so there is no change to cover") }
            notes.append("coverage: no diff coverage: \(package) is not in a git repository")
            return
        }
        do {
            let resolved = try await choice.base.mergeBase(in: package, option: choice.option ?? "the merge request's base")
            guard let commit = resolved.commit else {
                notes.append("coverage: no diff coverage: no merge-base between \(resolved.label) and HEAD (a shallow clone? fetch more history)")
                return
            }
            change = (resolved.described, try await ChangedLines.load(package: package, commit: commit))
        } catch let failure as ChangeSet.ChangeSetError {
            if choice.option != nil { throw .badOption(failure.description) }
            notes.append("coverage: no diff coverage from \(source): \(failure.description)")
        } catch {
            notes.append("coverage: no diff coverage from \(source): \(error)")
        }
    }

    /// What `finish` measured: the summary for `run.json`, notes, and why it failed if it did.
    struct Measured: Sendable {
        var coverage: CoverageSummary?
        /// What each test executed, when the run recorded a map.
        var map: CoverageMap?
        var notes: [String]
        var failure: String?
    }

    /// After the tests: merge and export once (while SwiftPM describes the package's targets),
    /// keep `coverage.json` and `coverage.profdata` in the report folder, and summarise. A run
    /// of some of the plan's tests (`subset`) keeps its total out of `minimum`'s judgement.
    func finish(progress: ConsoleProgress, results: [TestResult], subset: CoverageSubset? = nil) async -> Measured {
        let started = ContinuousClock.now
        async let described = Self.describe(package)
        do {
            let binary = try await builder.testBinary()
            let export = try await collector.export(
                testBinary: binary, mergedProfile: reports.coverageProfilePath, processes: Self.processes(of: results), continuous: !skipBuild)
            let graph = try await described.get()
            let targets = graph.targets.map { CoverageSources.Target(name: $0.name, path: $0.path, isTest: $0.isTest) }
            let sources = CoverageSources(root: root, targets: targets, include: settings.include, exclude: settings.exclude)
            let thresholds = CoverageThresholds(minimum: settings.minimum, diffMinimum: settings.diffMinimum)
            var (data, dataNotes) = CoverageCollector.data(
                export, sources: sources, repositoryPrefix: repositoryPrefix, change: change, thresholds: thresholds)
            data.subset = subset
            try LineCoverageFile.encode(data).write(to: URL(fileURLWithPath: reports.coverageDataPath), options: .atomic)
            let elapsed = ContinuousClock.now - started
            await progress.note("coverage: merged and exported in \(elapsed.inMilliseconds) ms")
            var measured = Measured(coverage: CoverageSummarizer.summarize(data), notes: notes + dataNotes)
            if recordsMap {
                // The coverage stands without the map; a map asked for and not made fails the run as coverage does.
                let recorder = CoverageMapRecorder(tools: collector.tools, profileDirectory: collector.profileDirectory, root: root, targets: targets)
                do {
                    (measured.map, measured.notes) = try await recordMap(
                        recorder, binary: binary, results: results, notes: measured.notes, progress: progress)
                } catch {
                    let reason = "the coverage map was not recorded: \((error as? CoverageFailure)?.description ?? "\(error)")"
                    measured.notes.append(reason)
                    measured.failure = reason
                }
            }
            collector.cleanUp()
            return measured
        } catch {
            let reason = (error as? CoverageFailure)?.description ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return Measured(notes: notes + ["coverage was not measured: \(reason)"], failure: reason)
        }
    }

    /// What each test that ran executed, into `coverage-map.bin`. A skipped test executed
    /// nothing and is left out, so the map does not know it and it always runs.
    private func recordMap(
        _ recorder: CoverageMapRecorder, binary: String, results: [TestResult], notes: [String], progress: ConsoleProgress
    ) async throws -> (CoverageMap, [String]) {
        let started = ContinuousClock.now
        let ran = results.filter { $0.outcome != .skipped }
        await progress.note("coverage map: reading what each of \(ran.count) tests executed…")
        let head = await GitCommand.run(["rev-parse", "HEAD"], in: package)
        let status = await GitCommand.run(["status", "--porcelain", "--", "."], in: package)
        let (map, mapNotes) = try await recorder.record(
            tests: Dictionary(ran.map { (Self.mapKey($0.id), $0.id.rawValue) }) { first, _ in first },
            testBinary: binary, mergedProfile: reports.coverageProfilePath,
            commit: head.succeeded ? head.first : nil, dirty: !status.lines.filter { !$0.isEmpty }.isEmpty)
        let data = map.encoded()
        try data.write(to: URL(fileURLWithPath: reports.coverageMapPath), options: .atomic)
        let elapsed = ContinuousClock.now - started
        let line =
            "coverage map: \(map.tests.count) tests, \(map.functions.count) functions in \(map.files.count) files, "
            + "\(data.count / 1024) KiB, recorded in \(elapsed.inMilliseconds) ms"
            + (map.dirty ? " (with uncommitted changes: files whose fingerprint differs from a base count as stale)" : "")
        await progress.note(line)
        return (map, notes + mapNotes + [line])
    }

    /// The package's targets, which say which files are whose and which are tests.
    private static func describe(_ package: String) async -> Result<PackageGraph, CoverageFailure> {
        do {
            return .success(try await PackageGraph.load(package: package))
        } catch {
            return .failure(CoverageFailure("cannot tell the package's targets apart: \(error)"))
        }
    }
}
