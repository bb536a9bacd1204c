import Foundation

/// What bisecting a test's predecessors found: the tests whose running before it makes it fail
/// (a *victim*'s polluters) or pass (a *brittle* test's state-setters).
///
/// A victim failed after other tests in one process and passed alone; a brittle test failed
/// alone and passed after others. The bisection re-runs the test after halves of the tests that
/// ran before it in that process, in their order, each time in one fresh process, down to the
/// smallest set that still shows the difference (delta debugging).
package struct OrderDependency: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Fails after some other test (its polluter), passes alone.
        case victim
        /// Fails alone, passes after some other test (its state-setter).
        case brittle
    }

    package enum Verdict: String, Codable, Sendable, Hashable, CaseIterable {
        /// The smallest set was found, and running it before the test shows the difference.
        case found
        /// Running the recorded predecessors before the test again did not show it: not order-dependent
        /// as far as one more run can tell (a test that fails at random, or by time).
        case notReproduced
        /// The time budget ran out first: `tests` are the candidates it had narrowed to.
        case budgetSpent
    }

    package var kind: Kind
    package var verdict: Verdict
    /// A victim's polluters or a brittle test's state-setters, in the order they ran; with
    /// `budgetSpent`, the candidates left; empty when not reproduced.
    package var tests: [TestID]
    /// The recorded process the bisection started from (`TestPlacement.process`).
    package var process: String
    /// How many tests ran before it there: the set the bisection narrowed.
    package var predecessors: Int
    /// Test processes the bisection ran.
    package var runs: Int
    /// Seconds it took.
    package var seconds: Double
    /// A command that shows the failure: a victim after its polluters, a brittle test alone.
    package var reproduce: String?

    package init(
        kind: Kind, verdict: Verdict, tests: [TestID], process: String, predecessors: Int, runs: Int, seconds: Double,
        reproduce: String? = nil
    ) {
        self.kind = kind
        self.verdict = verdict
        self.tests = tests
        self.process = process
        self.predecessors = predecessors
        self.runs = runs
        self.seconds = seconds
        self.reproduce = reproduce
    }

    /// `polluter` or `state-setter`, for the tests it names.
    package var role: String { kind == .victim ? "polluter" : "state-setter" }

    /// One line for people: `victim of A/testPolluter (bisected 12 predecessors in 5 runs)`.
    package var summary: String {
        let names = tests.map(\.rawValue).joined(separator: ", ")
        let how = "\(predecessors) predecessor\(predecessors == 1 ? "" : "s") in \(runs) run\(runs == 1 ? "" : "s")"
        switch (kind, verdict) {
        case (.victim, .found): return "victim: fails after \(names) (bisected \(how))"
        case (.brittle, .found): return "brittle: passes only after \(names) (bisected \(how))"
        case (_, .notReproduced): return "suspected \(kind.rawValue), not reproduced (\(how))"
        case (_, .budgetSpent):
            return "suspected \(kind.rawValue): the bisect budget ran out with \(tests.count) candidate \(role)s left (\(how))"
        }
    }
}
