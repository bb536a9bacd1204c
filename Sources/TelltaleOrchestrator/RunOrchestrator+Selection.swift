import TelltaleModel
import TelltalePlan
import TelltaleRunner

/// Which of the listed tests run: the plan's selection and the command line's, `--changed`'s,
/// the expectations' keys checked against the listing, and `--shard`'s part; and how far all
/// that narrowed what the plan alone selects, which decides whether coverage's `minimum`
/// judges the run's total (`CoverageSubset`).
extension RunOrchestrator {
    /// The tests to run, what the selection said of itself, and how far it narrowed the plan's.
    typealias Selected = (tests: [ListedTest], notes: [String], narrowing: SelectionNarrowing)

    /// The plan's and the options' selection, then `--changed`'s, with what a test-level
    /// selection says of itself and what narrowed the plan's; a selection that matches no listed
    /// test is a usage error, one that `--changed` empties is not.
    func select(from listed: [ListedTest], setup: Setup) async throws -> Selected {
        let selection = setup.selection
        var selected: [ListedTest]
        var narrowing: SelectionNarrowing
        do {
            selected = try selection.select(listed)
            narrowing = SelectionNarrowing(planned: try setup.planSelection.select(listed).count)
        } catch {
            throw OrchestratorError.badOption(error.description)
        }
        let commandLine =
            [("--filter", options.filter), ("--skip", options.skip), ("--tag", options.tags), ("--skip-tag", options.skipTags)]
            .filter { !$0.1.isEmpty }.map(\.0)
        narrowing.add(commandLine.joined(separator: " "), leaving: selected.count)
        guard !selected.isEmpty else {
            // The plan's own selection is to blame: say where in the plan, as for any plan problem.
            if let file = setup.plan.sourcePath {
                let problems = SelectionProblems.problems(listed: listed, selection: setup.planSelection, file: file)
                if !problems.isEmpty { throw OrchestratorError.badPlan(PlanError(problems: problems)) }
            }
            let patterns =
                selection.filter + selection.skip.map { "skip \($0)" } + selection.tags.map { "tag \($0)" }
                + selection.skipTags.map { "skip tag \($0)" } + selection.groups.map { "suite \($0.name)" }
            throw OrchestratorError.noTestsSelected(listed: listed.count, filters: patterns)
        }
        guard let changes = setup.changes else { return (selected, [], narrowing) }
        var byTarget = changes
        byTarget.testLevel = nil
        let candidates = byTarget.filter(selected)
        selected = changes.filter(selected)
        narrowing.add(changes.testLevel == nil ? "--changed" : "--changed --select tests", leaving: selected.count)
        let lines = changes.testLevelExplanation(candidates: candidates, selected: selected, explain: options.explain)
        for line in lines { await progress.note(line) }
        return (selected, lines, narrowing)
    }

    /// Expectation keys that select none of the listed tests: a warning each, with the nearest
    /// real id; under `--strict` (or the plan's `strict: true`) a plan problem, exit 2.
    func checkSelectors(of setup: Setup, against listed: [ListedTest]) async throws {
        guard let verifier = setup.verifier else { return }
        let unmatched = verifier.selectorsMatchingNothing(in: listed.map(\.id))
        guard !unmatched.isEmpty else { return }
        if setup.settings.strict {
            throw OrchestratorError.badPlan(
                PlanError(
                    problems: unmatched.map { selector in
                        LocatedProblem(
                            file: selector.location?.file ?? setup.plan.sourcePath ?? "plan", line: selector.location?.line ?? 1,
                            column: selector.location?.column ?? 1, keyPath: "expectations.\(selector.selector)",
                            message: "selects no test of the package (strict)",
                            hint: selector.suggestion.map { "did you mean `\($0)`?" } ?? "`swift test list` shows the test ids")
                    }))
        }
        for selector in unmatched { await progress.note("warning: \(selector)") }
    }

    /// The listed tests that run here, each with its settings: the plan's variants expanded, the
    /// expectations' keys checked against them, the selection (`select`), then this shard's part.
    /// One road for `swift test`'s listing and for xcodebuild's.
    func runnable(from listing: [ListedTest], setup: Setup, timings: [String: Double], wholeClasses: Bool) async throws -> Runnable {
        let (tests, testEnvironment) = PlanVariants.expand(listing, plan: setup.plan, selection: setup.selection)
        try await checkSelectors(of: setup, against: tests)
        var (selected, notes, narrowing) = try await select(from: tests, setup: setup)
        let settings = PlanTestSettings.settings(
            for: selected, plan: setup.plan, selection: setup.selection, retriesOverride: setup.settings.retriesOverride)
        let defaults = PlanTestSettings.defaults(plan: setup.plan, retriesOverride: setup.settings.retriesOverride)
        if selected.isEmpty {
            let note = "no test can be affected by this change: the affected test targets have no selected test"
            await progress.note(note)
            notes.append(note)
        } else {
            selected = await shard(selected, settings: settings, timings: timings, wholeClasses: wholeClasses)
        }
        return Runnable(
            tests: selected, testEnvironment: testEnvironment, notes: notes, subset: narrowing.subset(selected: selected.count, shard: options.shard),
            planned: narrowing.planned, settings: settings, defaults: defaults)
    }

    /// `--shard K/N`'s part of `selected`, split by past durations where the history has them.
    func shard(_ selected: [ListedTest], settings: [TestID: TestSettings], timings: [String: Double], wholeClasses: Bool) async -> [ListedTest] {
        guard let shard = options.shard else { return selected }
        let part = ShardPlanner.select(
            selected, shard: shard, durations: timings, serialGroups: settings.compactMapValues(\.serialGroup), wholeClasses: wholeClasses)
        await progress.note(
            "shard \(shard): \(part.count) of \(selected.count) tests"
                + (timings.isEmpty ? " (no history or --timings yet: split by test id)" : ", split by past durations"))
        return part
    }

}

/// The tests a run has to run here (`RunOrchestrator.runnable`), and what chose them.
struct Runnable: Sendable {
    var tests: [ListedTest]
    /// A plan variant's environment, by test (`PlanVariants`).
    var testEnvironment: [TestID: [String: String]]
    /// What the selection said of itself (a test-level `--changed`, an empty selection).
    var notes: [String]
    /// The part of the plan's tests this is (a shard, `--changed`, filters); nil for all of them.
    var subset: CoverageSubset?
    /// How many tests the plan alone selects.
    var planned: Int
    /// Each selected test's time limits, retries and serial group, and the plan's defaults.
    var settings: [TestID: TestSettings]
    var defaults: TestSettings

    /// The outcome of a run here with no test to run: the selection's notes, and the part it is
    /// (a shard that got no unit, since whole classes can leave one empty, still ran part of the
    /// tests and removed none of the base's).
    var outcomeWithoutTests: RunExecution.Outcome {
        var outcome = RunExecution.Outcome(notes: notes)
        outcome.subset = subset
        return outcome
    }
}

/// What the plan alone selects, and each step that ran fewer of its tests: a run of a subset is
/// not judged by coverage's `minimum` (`CoverageSubset`), whatever narrowed it.
struct SelectionNarrowing: Sendable, Equatable {
    var planned: Int
    var reasons: [String] = []
    private var remaining: Int

    init(planned: Int) {
        self.planned = planned
        remaining = planned
    }

    /// A step (`--changed`) that left `count` tests: a reason when it left fewer than before.
    mutating func add(_ reason: String, leaving count: Int) {
        if count < remaining, !reason.isEmpty { reasons.append(reason) }
        remaining = count
    }

    /// The subset `selected` tests of `shard` make; nil for a run of every test the plan selects.
    func subset(selected: Int, shard: Shard?) -> CoverageSubset? {
        let shard = shard.flatMap { $0.count > 1 ? $0 : nil }
        guard shard != nil || selected < planned else { return nil }
        return CoverageSubset(selected: selected, planned: planned, reasons: reasons, shard: shard)
    }
}
