import Foundation
import TelltaleCoverage
import TelltaleModel
import TelltaleRunner

extension ChangeSelection {
    /// `--changed --select tests`: within the target-level selection, the tests the coverage map
    /// says executed a changed line, the tests it does not know, and every test of a target
    /// where the map cannot judge a change.
    package struct TestLevel: Sendable, Equatable {
        /// Which map, for people: `1a2b3c4d, recorded 2026-11-25 23:10:00 UTC`.
        package var mapLabel: String
        /// The test ids the map has a record of.
        var known: Set<String>
        var impact: TestImpact
        /// Test target modules selected whole, each with why.
        var fallbackTargets: [String: String]

        /// Why `id` runs; nil when it does not.
        func reason(for id: TestID) -> String? {
            if let fallback = fallbackTargets[id.module] { return "target-level for \(id.module): \(fallback)" }
            if let reason = impact.tests[id.rawValue] { return reason }
            // A test the map never saw runs: nothing vouches that it misses the change.
            return known.contains(id.rawValue)
                ? nil : "the coverage map has no record of it (a new test, or one that did not run when it was recorded)"
        }
    }

    /// Narrows this target-level selection to tests with `map`: the change judged from the
    /// base `commit` to the working tree; the targets of what the map cannot judge stay whole.
    package func narrowed(
        by map: CoverageMap, label: String, package: String, graph: PackageGraph, planPath: String?, commit: String
    )
        async throws(TestImpact.TestImpactError) -> TestLevel
    {
        let impact = try await TestImpact.load(map: map, package: package, commit: commit)
        let root = URL(fileURLWithPath: graph.root).standardizedFileURL.path
        // The files the map cannot judge, selected as `--changed` selects by target.
        let fallbackChanges = ChangeSet(base: base, files: impact.fallbacks.keys.sorted().map { "\(root)/\($0)" })
        let fallback = ChangeSelection.select(changes: fallbackChanges, graph: graph, planPath: planPath)
        var fallbackTargets = fallback.testTargets
        // A file the map cannot judge that no target owns sends every selected target to target level.
        if let everything = fallback.everything {
            for module in testTargets.keys { fallbackTargets[module] = everything }
        }
        // Name the map's reason beside the target's chain.
        for (module, chain) in fallbackTargets {
            if let file = impact.fallbacks.keys.sorted().first(where: { chain.contains($0) }) {
                fallbackTargets[module] = "\(chain); \(file) \(impact.fallbacks[file]!)"
            }
        }
        return TestLevel(mapLabel: label, known: Set(map.tests.map(\.id)), impact: impact, fallbackTargets: fallbackTargets)
    }

    /// What the run's notes (and `--explain`, every line) say of a test-level selection:
    /// `candidates` were in the selected targets, `selected` run.
    package func testLevelExplanation(candidates: [ListedTest], selected: [ListedTest], explain: Bool) -> [String] {
        guard let testLevel else { return [] }
        var lines = [
            "test-level selection from the coverage map of \(testLevel.mapLabel): \(selected.count) of \(candidates.count) tests in the affected test targets"
        ]
        for module in testLevel.fallbackTargets.keys.sorted() {
            lines.append("by target: \(testLevel.fallbackTargets[module]!)")
        }
        if !testLevel.impact.stale.isEmpty {
            let shown = testLevel.impact.stale.prefix(5).joined(separator: ", ")
            let more = testLevel.impact.stale.count > 5 ? " and \(testLevel.impact.stale.count - 5) more" : ""
            lines.append(
                "the coverage map is stale for \(testLevel.impact.stale.count) file\(testLevel.impact.stale.count == 1 ? "" : "s") "
                    + "(changed since it was recorded: \(shown)\(more)): the tests that executed them run; record a new map to narrow them")
        }
        if explain {
            lines += selected.map { "runs \($0.id): \(testLevel.reason(for: $0.id) ?? "")" }
        }
        return lines
    }
}
