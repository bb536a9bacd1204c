import Foundation
import Testing

/// Run by the plan once per variant: `loggedOut` (a guest) and `loggedIn` (a member with a
/// saved card, told so by a launch argument), both in the suite's region.
@Suite struct Checkout {
    let environment = ProcessInfo.processInfo.environment

    /// Passes under either variant when its variables are exactly that variant's.
    @Test func seesItsOwnVariablesAndArguments() {
        let variant = environment["TELLTALE_VARIANT"]
        #expect(variant == "loggedOut" || variant == "loggedIn")
        #expect(environment["SHOP_REGION"] == "eu")
        #expect(environment["ACCOUNT"] == (variant == "loggedIn" ? "member" : "guest"))
        let arguments = environment["TELLTALE_TEST_ARGUMENTS"]?.split(separator: "\n").map(String.init) ?? []
        #expect(arguments == (variant == "loggedIn" ? ["--verbose", "--saved-card"] : ["--verbose"]))
    }

    /// Fails under `loggedOut` only: a guest has no saved card.
    @Test func paysWithASavedCard() {
        let account = environment["ACCOUNT"]
        #expect(account == "member", "only a member has a saved card")
    }
}
