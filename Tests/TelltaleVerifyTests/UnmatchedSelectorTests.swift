import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

/// Expectation keys that select none of the package's tests are found before a run, each with
/// the nearest real id.
@Suite(.tags(.small)) struct UnmatchedSelectorTests {
    let listed = [
        TestID("Shop.CheckoutSuite/checkoutSendsPurchase()"), TestID("Shop.CheckoutSuite/refundSendsRefund()"),
        TestID("Shop.LoginTests/testLogin"),
    ]

    @Test func aSwiftTestingTestWithoutItsParenthesesIsFoundWithTheSuggestion() throws {
        let blocks = [
            TestExpectations(.id("Shop.CheckoutSuite/checkoutSendsPurchase"), location: SourceLocation(file: "Plans/app.yml", line: 7, column: 3)),
            TestExpectations(.id("Shop.LoginTests/testLogin")),
            TestExpectations(.id("Shop.CheckoutSuite")),
            TestExpectations(.pattern("^Shop\\.Login")),
            TestExpectations(.pattern("^Nothing")),
            TestExpectations(.id("Other.Module/somethingElseEntirely")),
        ]
        let unmatched = try Verifier(expectations: blocks).selectorsMatchingNothing(in: listed)
        #expect(
            unmatched.map(\.selector.description) == ["Shop.CheckoutSuite/checkoutSendsPurchase", "/^Nothing/", "Other.Module/somethingElseEntirely"])
        #expect(unmatched.map(\.suggestion) == ["Shop.CheckoutSuite/checkoutSendsPurchase()", nil, nil])
        #expect(
            unmatched[0].description
                == "Plans/app.yml:7:3: expectations for Shop.CheckoutSuite/checkoutSendsPurchase select no test of the package; did you mean `Shop.CheckoutSuite/checkoutSendsPurchase()`?"
        )
    }

    @Test func everyKeyMatchingMeansNothingToSay() throws {
        let blocks = [TestExpectations(.id("Shop.LoginTests")), TestExpectations(.pattern("Refund"))]
        #expect(try Verifier(expectations: blocks).selectorsMatchingNothing(in: listed).isEmpty)
    }
}
