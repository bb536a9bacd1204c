import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// Where earlier runs passed a test after other tests (what a test failing in every attempt of a
/// later run is bisected over), and a brittle test found that way counted flaky: both stores.
@Suite(.tags(.medium))
struct HistoryEarlierPassTests {
    static let brittle = TestID("M.Account/test6Checkout")

    /// Run 1 passed the test at position 2 of its process, after the sign-in and a bystander (in
    /// that order); run 2 passed it alone; run 3 failed it. The newest pass after other tests is
    /// run 1's, with its predecessors in their order; a test that passed only alone has none.
    @Test(arguments: HistoryStoreKind.allCases)
    func theNewestPassAfterOtherTestsComesBackWithItsPredecessors(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore("earlier") { store throws in
            func placed(_ id: String, _ outcome: TestOutcome, process: String, position: Int) -> TestResult {
                TestResult(
                    id: TestID(id), framework: .xctest, outcome: outcome, duration: 0.1, worker: 1,
                    placement: TestPlacement(process: process, position: position, worker: 1))
            }
            try await store.record(
                HistoryStoreTests.run(
                    1,
                    [
                        placed("M.Account/test1SignIn", .passed, process: "r1/p1", position: 0),
                        placed("M.Other/testBystander", .passed, process: "r1/p1", position: 1),
                        placed(Self.brittle.rawValue, .passed, process: "r1/p1", position: 2),
                        placed("M.Alone/testAlone", .passed, process: "r1/p2", position: 0),
                    ]))
            try await store.record(
                HistoryStoreTests.run(2, [placed(Self.brittle.rawValue, .passed, process: "r2/p1", position: 0)]))
            try await store.record(
                HistoryStoreTests.run(3, [placed(Self.brittle.rawValue, .failed, process: "r3/p1", position: 0)]))
            let runs = try await store.listedRuns()
            let passes = try await store.earlierPasses(of: [Self.brittle, TestID("M.Alone/testAlone"), TestID("M.New/testNew")])
            #expect(passes.keys.map(\.rawValue) == [Self.brittle.rawValue])
            #expect(passes[Self.brittle]?.run == runs.first?.id)
            #expect(passes[Self.brittle]?.process == "r1/p1")
            #expect(passes[Self.brittle]?.predecessors == [TestID("M.Account/test1SignIn"), TestID("M.Other/testBystander")])
        }
    }

    /// A test that passed in one run and failed in every attempt of the next, where a bisection
    /// found its state-setter: the second run counts as a flaky one (though the commit is
    /// unknown and nothing was retried), and its cause is the order dependency.
    @Test(arguments: HistoryStoreKind.allCases)
    func aBrittleTestFoundFromAnEarlierRunIsFlaky(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore("brittle") { store throws in
            try await store.record(HistoryStoreTests.run(1, [HistoryStoreTests.test(Self.brittle.rawValue)], commit: nil))
            var failed = HistoryStoreTests.test(Self.brittle.rawValue, .failed)
            failed.orderDependency = OrderDependency(
                kind: .brittle, verdict: .found, tests: [TestID("M.Account/test1SignIn")], process: "r1/p1", predecessors: 2, runs: 3,
                seconds: 0.5)
            try await store.record(HistoryStoreTests.run(2, [failed], commit: nil))
            let scores = try await store.flakyScores()
            #expect(scores.map(\.testID) == [Self.brittle.rawValue])
            #expect(scores.first?.flakyRuns == 1)
            #expect(scores.first?.cause?.kind == .orderDependent)
            #expect(scores.first?.orderDependency?.tests == [TestID("M.Account/test1SignIn")])
        }
    }
}
