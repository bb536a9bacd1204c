import Foundation
import XCTest

/// The XCTest side of the checkout suite: the same check of the variant's variables.
final class CheckoutCase: XCTestCase {
    func testSeesItsOwnAccount() {
        let environment = ProcessInfo.processInfo.environment
        let variant = environment["TELLTALE_VARIANT"]
        XCTAssertEqual(environment["ACCOUNT"], variant == "loggedIn" ? "member" : "guest")
        print("account=\(environment["ACCOUNT"] ?? "none") variant=\(variant ?? "none")")
    }
}
