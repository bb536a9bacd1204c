import Foundation
import TelltaleModel

/// Delta debugging over the tests that ran before a test in one process: the smallest set of
/// them that, run before it in their recorded order, still shows what the run showed (a victim
/// failing, a brittle test passing).
///
/// In the common case of a single culprit it takes at most ⌈log2 n⌉ + 2 runs for n predecessors:
/// one run of all of them (is it reproducible at all?), then one run a halving, keeping the first
/// half when it shows the difference and otherwise taking the second untried, then one run to
/// confirm a set that was only inferred. When the confirmation fails, the culprits act only
/// together: Zeller and Hildebrandt's `dd` then finds a set of them (each half tried with what
/// the other half leaves fixed), at more runs.
package struct OrderBisector: Sendable {
    package struct Outcome: Sendable, Hashable {
        package var verdict: OrderDependency.Verdict
        /// The culprits, in recorded order; with `budgetSpent`, the candidates left.
        package var tests: [TestID]
        package var runs: Int
    }

    /// When no further run may start.
    package var deadline: ContinuousClock.Instant
    /// The time now (tests give a clock of their own).
    var now: @Sendable () -> ContinuousClock.Instant

    package init(deadline: ContinuousClock.Instant) {
        self.init(deadline: deadline, now: { ContinuousClock.now })
    }

    init(deadline: ContinuousClock.Instant, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.deadline = deadline
        self.now = now
    }

    /// Bisects `predecessors` with `shows`, which runs the tests it is given (in recorded order)
    /// and then the test, in one fresh process, and says whether the difference showed.
    package func bisect(
        _ predecessors: [TestID], shows: @escaping ([TestID]) async throws -> Bool
    ) async throws -> Outcome {
        let order = Dictionary(predecessors.enumerated().map { ($1, $0) }) { first, _ in first }
        var search = Search(order: order, deadline: deadline, now: now, shows: shows)
        do {
            guard try await search.shows(predecessors) else { return Outcome(verdict: .notReproduced, tests: [], runs: search.runs) }
        } catch is BudgetSpent {
            return Outcome(verdict: .budgetSpent, tests: predecessors, runs: search.runs)
        }
        var candidates = predecessors
        var tried = true
        do {
            while candidates.count > 1 {
                let (first, second) = Self.halves(candidates)
                if try await search.shows(first) {
                    (candidates, tried) = (first, true)
                } else {
                    (candidates, tried) = (second, false)
                }
            }
            if tried { return Outcome(verdict: .found, tests: candidates, runs: search.runs) }
            if try await search.shows(candidates) { return Outcome(verdict: .found, tests: candidates, runs: search.runs) }
        } catch is BudgetSpent {
            return Outcome(verdict: .budgetSpent, tests: candidates, runs: search.runs)
        }
        // No single test does it: the culprits act together.
        do {
            let found = search.ordered(try await search.dd(predecessors, fixed: []))
            let confirmed = try await search.shows(found)
            return Outcome(verdict: confirmed ? .found : .notReproduced, tests: confirmed ? found : [], runs: search.runs)
        } catch is BudgetSpent {
            return Outcome(verdict: .budgetSpent, tests: predecessors, runs: search.runs)
        }
    }

    /// The first half holds the odd one out, so neither half is ever empty.
    static func halves(_ tests: [TestID]) -> ([TestID], [TestID]) {
        let middle = (tests.count + 1) / 2
        return (Array(tests[..<middle]), Array(tests[middle...]))
    }

    /// Ends the search when its time is up: caught inside the bisector, never shown.
    private struct BudgetSpent: Error, LocalizedError {
        var errorDescription: String? { "the bisection's budget is spent" }
    }

    private struct Search {
        let order: [TestID: Int]
        let deadline: ContinuousClock.Instant
        let now: @Sendable () -> ContinuousClock.Instant
        let run: ([TestID]) async throws -> Bool
        var runs = 0

        init(
            order: [TestID: Int], deadline: ContinuousClock.Instant, now: @escaping @Sendable () -> ContinuousClock.Instant,
            shows: @escaping ([TestID]) async throws -> Bool
        ) {
            self.order = order
            self.deadline = deadline
            self.now = now
            self.run = shows
        }

        func ordered(_ tests: [TestID]) -> [TestID] {
            tests.sorted { order[$0, default: 0] < order[$1, default: 0] }
        }

        mutating func shows(_ tests: [TestID]) async throws -> Bool {
            guard now() < deadline else { throw BudgetSpent() }
            try Task.checkCancellation()
            runs += 1
            return try await run(ordered(tests))
        }

        /// The culprits within `candidates`, given that `fixed` + `candidates` shows the difference.
        mutating func dd(_ candidates: [TestID], fixed: [TestID]) async throws -> [TestID] {
            guard candidates.count > 1 else { return candidates }
            let (first, second) = OrderBisector.halves(candidates)
            if try await shows(fixed + first) { return try await dd(first, fixed: fixed) }
            if try await shows(fixed + second) { return try await dd(second, fixed: fixed) }
            let inFirst = try await dd(first, fixed: fixed + second)
            let inSecond = try await dd(second, fixed: fixed + inFirst)
            return inFirst + inSecond
        }
    }
}
