import Foundation
import Synchronization
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// Delta debugging over a test's predecessors, against a model of the test: it fails when every
/// test of a culprit set ran before it.
@Suite(.tags(.small))
struct OrderBisectorTests {
    static func ids(_ count: Int) -> [TestID] { (0..<count).map { TestID("M.C/test\(String(format: "%04d", $0))") } }

    /// Runs seen and what the bisection found, for culprits `culprits` among `count` predecessors.
    func bisect(_ count: Int, culprits: Set<Int>, budget: Duration = .seconds(60)) async throws -> (OrderBisector.Outcome, [[TestID]]) {
        let tests = Self.ids(count)
        let needed = Set(culprits.map { tests[$0] })
        let log = RunLog()
        let outcome = try await OrderBisector(deadline: .now + budget).bisect(tests) { ran in
            await log.add(ran)
            return needed.isSubset(of: Set(ran))
        }
        return (outcome, await log.runs)
    }

    actor RunLog {
        var runs: [[TestID]] = []
        func add(_ run: [TestID]) { runs.append(run) }
    }

    /// The issue's bound, for every position of a single polluter among up to 64 predecessors and
    /// a sample up to 1,000: at most ⌈log2 n⌉ + 2 runs, and the polluter found.
    @Test func aSinglePolluterTakesAtMostLog2NPlusTwoRuns() async throws {
        var cases: [(Int, Int)] = []
        for n in 1...64 { for p in 0..<n { cases.append((n, p)) } }
        for n in [100, 255, 256, 257, 999, 1000] { for p in [0, 1, n / 3, n / 2, n - 2, n - 1] { cases.append((n, p)) } }
        for (n, p) in cases {
            let (outcome, runs) = try await bisect(n, culprits: [p])
            let bound = Int(ceil(log2(Double(n)))) + 2
            #expect(outcome.verdict == .found && outcome.tests == [Self.ids(n)[p]], "n \(n), polluter \(p): \(outcome)")
            #expect(outcome.runs <= bound && runs.count == outcome.runs, "n \(n), polluter \(p): \(outcome.runs) runs, bound \(bound)")
        }
    }

    /// Every run keeps the recorded order, as the process ran them.
    @Test func runsKeepTheRecordedOrder() async throws {
        let (_, runs) = try await bisect(37, culprits: [20])
        let index = Dictionary(uniqueKeysWithValues: Self.ids(37).enumerated().map { ($1, $0) })
        for run in runs { #expect(run.map { index[$0]! } == run.map { index[$0]! }.sorted()) }
    }

    /// Two tests that pollute only together: the halving finds neither alone, and `dd` finds both.
    @Test func pollutersThatActOnlyTogetherAreFoundTogether() async throws {
        let (outcome, _) = try await bisect(40, culprits: [3, 31])
        #expect(outcome.verdict == .found)
        #expect(outcome.tests == [Self.ids(40)[3], Self.ids(40)[31]])
    }

    @Test func aFailureTheRecordedOrderDoesNotReproduceIsReportedSo() async throws {
        let outcome = try await OrderBisector(deadline: .now + .seconds(60)).bisect(Self.ids(10)) { _ in false }
        #expect(outcome.verdict == .notReproduced && outcome.tests.isEmpty && outcome.runs == 1)
    }

    /// No run starts past the deadline: what is left is the candidates, with the runs so far.
    @Test func aSpentBudgetLeavesTheCandidates() async throws {
        let tests = Self.ids(16)
        let start = ContinuousClock.now
        let clock = FakeClock(start)
        // Each run takes a minute of a three-minute budget: the fourth may not start.
        let outcome = try await OrderBisector(deadline: start + .seconds(180), now: { clock.now }).bisect(tests) { ran in
            clock.advance(.seconds(60))
            return ran.contains(tests[11])
        }
        #expect(outcome.verdict == .budgetSpent && outcome.runs == 3, "\(outcome)")
        // All 16, then 1–8 (no), then 9–12 (yes): 9–12 are left.
        #expect(outcome.tests == Array(tests[8...11]))
        let none = try await OrderBisector(deadline: start, now: { start + .seconds(1) }).bisect(tests) { _ in true }
        #expect(none.verdict == .budgetSpent && none.tests == tests && none.runs == 0)
    }

    /// A clock the test moves by hand.
    final class FakeClock: Sendable {
        private let instant: Mutex<ContinuousClock.Instant>
        init(_ start: ContinuousClock.Instant) { instant = Mutex(start) }
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ by: Duration) { instant.withLock { $0 += by } }
    }
}
