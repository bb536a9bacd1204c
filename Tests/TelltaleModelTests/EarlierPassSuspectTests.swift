import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// A test that fails in every attempt of a run, and what an earlier run's pass makes of it.
@Suite(.tags(.small))
struct EarlierPassSuspectTests {
    static let pass = EarlierPass(run: 4, process: "r4/p1", predecessors: [TestID("M.A/test1SignIn"), TestID("M.A/test2Browse")])

    /// Failed in every attempt, its retries spent: a suspected brittle test over the earlier
    /// run's predecessors. One that passed an attempt, or whose retry another machine still has
    /// (fewer attempts than its retries allow), is not.
    @Test func onlyATestThatFailedForGoodIsABrittleSuspect() {
        let failed = OrderRecordTests.retried(
            OrderRecordTests.placed("M.A/test6Checkout", .failed, process: "s-w2/p3", position: 0),
            after: [OrderRecordTests.placed("M.A/test6Checkout", .failed, process: "s-w2/p1", position: 2)])
        let suspect = OrderSuspect.brittle(failed, retries: 1, passedEarlier: Self.pass)
        #expect(suspect?.kind == .brittle)
        #expect(suspect?.process == "r4/p1")
        #expect(suspect?.predecessors == Self.pass.predecessors)
        #expect(suspect?.earlierRun == 4)
        #expect(OrderSuspect.brittle(failed, retries: 2, passedEarlier: Self.pass) == nil, "a retry is still to come")
        let flaky = OrderRecordTests.retried(
            OrderRecordTests.placed("M.A/test6Checkout", .passed, process: "s-w2/p3", position: 0),
            after: [OrderRecordTests.placed("M.A/test6Checkout", .failed, process: "s-w2/p1", position: 2)])
        #expect(OrderSuspect.brittle(flaky, retries: 1, passedEarlier: Self.pass) == nil)
    }

    /// One that failed after other tests here and passes alone is a suspected victim of the
    /// tests before that failure, in their order.
    @Test func aTestThatPassesAloneIsAVictimOfThisRunsOrder() {
        let results = [
            OrderRecordTests.placed("M.C/testA", .passed, process: "s-w1/p1", position: 0),
            OrderRecordTests.placed("M.C/testB", .passed, process: "s-w1/p1", position: 1),
            OrderRecordTests.placed("M.C/testVictim", .failed, process: "s-w1/p1", position: 2),
        ]
        let suspect = OrderSuspect.victim(results[2], order: ProcessOrder(results))
        #expect(suspect?.kind == .victim)
        #expect(suspect?.predecessors == [TestID("M.C/testA"), TestID("M.C/testB")])
        #expect(OrderSuspect.victim(results[0], order: ProcessOrder(results)) == nil, "it ran first")
    }
}
