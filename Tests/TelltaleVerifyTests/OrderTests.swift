import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct OrderTests {
    let checkout = [EventSpec("checkout_started"), EventSpec("payment_submitted"), EventSpec("purchase_completed")]

    @Test func inOrderWithGapsPasses() throws {
        let events = Sent.names("checkout_started", "screen_view", "payment_submitted", "screen_view", "purchase_completed")
        #expect(try verify(events, order: OrderExpectation(checkout, gaps: true)).passed)
    }

    @Test func gapsFailWhenGapsAreNotAllowed() throws {
        let events = Sent.names("checkout_started", "payment_submitted", "screen_view", "purchase_completed")
        let result = try verify(events, order: OrderExpectation(checkout, gaps: false))
        let failure = try #require(result.failures.first)
        #expect(failure.kind == .wrongOrder)
        #expect(
            failure.message == "wrong order: expected checkout_started, payment_submitted, purchase_completed back to back; "
                + "the longest run was checkout_started (#e1), payment_submitted (#e2), then screen_view (#e3) instead of purchase_completed; "
                + "the test sent checkout_started, payment_submitted, screen_view, purchase_completed")
        #expect(failure.eventIDs == ["e1", "e2"])
    }

    @Test func consecutiveRunAnywherePassesWithoutGaps() throws {
        let events = Sent.names("checkout_started", "screen_view", "checkout_started", "payment_submitted", "purchase_completed", "screen_view")
        #expect(try verify(events, order: OrderExpectation(checkout, gaps: false)).passed)
    }

    @Test func outOfOrderFailsNamingWhatCameWhen() throws {
        let events = Sent.names("checkout_started", "purchase_completed", "payment_submitted")
        let result = try verify(events, order: OrderExpectation(checkout))
        #expect(
            result.failures.first?.message == "wrong order: expected checkout_started → payment_submitted → purchase_completed in this order; "
                + "got checkout_started (#e1), payment_submitted (#e3), then no purchase_completed after #e3 (one was sent earlier: #e2); "
                + "the test sent checkout_started, purchase_completed, payment_submitted")
    }

    @Test func aNeverSentFirstEventSaysSo() throws {
        let result = try verify(Sent.names("payment_submitted", "purchase_completed"), order: OrderExpectation(checkout))
        #expect(result.failures.first?.message.contains("; checkout_started was never sent;") == true)
        let consecutive = try verify(Sent.names("payment_submitted"), order: OrderExpectation(checkout, gaps: false))
        #expect(consecutive.failures.first?.message.contains("; checkout_started was never sent;") == true)
    }

    @Test func orderSpecsMatchParamsToo() throws {
        let events = Sent.events([("step", ["n": 1]), ("step", ["n": 3]), ("step", ["n": 2])])
        let order = [EventSpec("step", ["n": .equals(1)]), EventSpec("step", ["n": .equals(2)]), EventSpec("step", ["n": .equals(3)])]
        #expect(try !verify(events, order: OrderExpectation(order)).passed)
        let twoThenThree = [EventSpec("step", ["n": .equals(1)]), EventSpec("step", ["n": .equals(3)])]
        #expect(try verify(events, order: OrderExpectation(twoThenThree, gaps: false)).passed)
    }

    @Test func orderFollowsReceivedAtNotTheArrayOrder() throws {
        var events = Sent.names("checkout_started", "payment_submitted", "purchase_completed")
        events.swapAt(0, 2)
        #expect(try verify(events, order: OrderExpectation(checkout, gaps: false)).passed)
    }
}
